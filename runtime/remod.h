/* remod.h — the re module (remod.c), on PCRE2. Part of the public header:
 * kilnrt.h includes it. Patterns are Python's syntax (rescan.c translates
 * them); positions are code points, as CPython counts them. Module-level
 * functions compile through a cache keyed by pattern and flags, as
 * CPython's re._compile does, so re.search(CONST, s) in a loop compiles
 * once. Optional arguments: pos 0 and endpos INT64_MAX when absent; count
 * and maxsplit 0 (all). A Match argument may be None (a Match that was
 * Optional): then the AttributeError CPython raises for None. */
#ifndef KILNRT_REMOD_H
#define KILNRT_REMOD_H

extern const KrType kr_re_error_type, kr_re_pattern_type, kr_re_match_type;

/* re.compile(p, flags), and the module-level functions */
KrObj *kr_re_compile(KrObj *pattern, int64_t flags);
KrObj *kr_re_search(KrObj *pattern, KrObj *s, int64_t flags);     /* Optional[Match] */
KrObj *kr_re_match(KrObj *pattern, KrObj *s, int64_t flags);
KrObj *kr_re_fullmatch(KrObj *pattern, KrObj *s, int64_t flags);
KrObj *kr_re_findall(KrObj *pattern, KrObj *s, int64_t flags);    /* list of str or of tuples of str */
KrObj *kr_re_finditer(KrObj *pattern, KrObj *s, int64_t flags);   /* an iterator of Match */
KrObj *kr_re_sub(KrObj *pattern, KrObj *repl, KrObj *s, int64_t count, int64_t flags);
KrObj *kr_re_subn(KrObj *pattern, KrObj *repl, KrObj *s, int64_t count, int64_t flags); /* (str, int) */
KrObj *kr_re_split(KrObj *pattern, KrObj *s, int64_t maxsplit, int64_t flags);
KrObj *kr_re_escape(KrObj *s);
void kr_re_purge(void);                                            /* re.purge(): empty the cache */
#define KR_RE_COMPILE0(p) kr_re_compile(p, 0)
#define KR_RE_SEARCH0(p, s) kr_re_search(p, s, 0)
#define KR_RE_MATCH0(p, s) kr_re_match(p, s, 0)
#define KR_RE_FULLMATCH0(p, s) kr_re_fullmatch(p, s, 0)
#define KR_RE_FINDALL0(p, s) kr_re_findall(p, s, 0)
#define KR_RE_FINDITER0(p, s) kr_re_finditer(p, s, 0)
#define KR_RE_SUB0(p, r, s) kr_re_sub(p, r, s, 0, 0)
#define KR_RE_SUB_COUNT(p, r, s, c) kr_re_sub(p, r, s, c, 0)
#define KR_RE_SUB_FLAGS(p, r, s, f) kr_re_sub(p, r, s, 0, f)
#define KR_RE_SUBN0(p, r, s) kr_re_subn(p, r, s, 0, 0)
#define KR_RE_SUBN_COUNT(p, r, s, c) kr_re_subn(p, r, s, c, 0)
#define KR_RE_SUBN_FLAGS(p, r, s, f) kr_re_subn(p, r, s, 0, f)
#define KR_RE_SPLIT0(p, s) kr_re_split(p, s, 0, 0)
#define KR_RE_SPLIT_MAX(p, s, m) kr_re_split(p, s, m, 0)
#define KR_RE_SPLIT_FLAGS(p, s, f) kr_re_split(p, s, 0, f)

/* Pattern's methods and attributes */
KrObj *kr_re_p_search(KrObj *p, KrObj *s, int64_t pos, int64_t endpos);
KrObj *kr_re_p_match(KrObj *p, KrObj *s, int64_t pos, int64_t endpos);
KrObj *kr_re_p_fullmatch(KrObj *p, KrObj *s, int64_t pos, int64_t endpos);
KrObj *kr_re_p_findall(KrObj *p, KrObj *s, int64_t pos, int64_t endpos);
KrObj *kr_re_p_finditer(KrObj *p, KrObj *s, int64_t pos, int64_t endpos);
KrObj *kr_re_p_sub(KrObj *p, KrObj *repl, KrObj *s, int64_t count);
KrObj *kr_re_p_subn(KrObj *p, KrObj *repl, KrObj *s, int64_t count);
KrObj *kr_re_p_split(KrObj *p, KrObj *s, int64_t maxsplit);
KrObj *kr_re_p_pattern(KrObj *p);
int64_t kr_re_p_flags(KrObj *p);
int64_t kr_re_p_groups(KrObj *p);
KrObj *kr_re_p_groupindex(KrObj *p); /* dict[str, int] */
#define KR_RE_P_SEARCH1(p, s) kr_re_p_search(p, s, 0, INT64_MAX)
#define KR_RE_P_SEARCH2(p, s, a) kr_re_p_search(p, s, a, INT64_MAX)
#define KR_RE_P_MATCH1(p, s) kr_re_p_match(p, s, 0, INT64_MAX)
#define KR_RE_P_MATCH2(p, s, a) kr_re_p_match(p, s, a, INT64_MAX)
#define KR_RE_P_FULLMATCH1(p, s) kr_re_p_fullmatch(p, s, 0, INT64_MAX)
#define KR_RE_P_FULLMATCH2(p, s, a) kr_re_p_fullmatch(p, s, a, INT64_MAX)
#define KR_RE_P_FINDALL1(p, s) kr_re_p_findall(p, s, 0, INT64_MAX)
#define KR_RE_P_FINDALL2(p, s, a) kr_re_p_findall(p, s, a, INT64_MAX)
#define KR_RE_P_FINDITER1(p, s) kr_re_p_finditer(p, s, 0, INT64_MAX)
#define KR_RE_P_FINDITER2(p, s, a) kr_re_p_finditer(p, s, a, INT64_MAX)
#define KR_RE_P_SUB1(p, r, s) kr_re_p_sub(p, r, s, 0)
#define KR_RE_P_SUBN1(p, r, s) kr_re_p_subn(p, r, s, 0)
#define KR_RE_P_SPLIT1(p, s) kr_re_p_split(p, s, 0)
#define KR_RE_P_SEARCH_END(p, s, e) kr_re_p_search(p, s, 0, e)
#define KR_RE_P_SEARCH_POS_END(p, s, a, e) kr_re_p_search(p, s, a, e)
#define KR_RE_P_MATCH_END(p, s, e) kr_re_p_match(p, s, 0, e)
#define KR_RE_P_MATCH_POS_END(p, s, a, e) kr_re_p_match(p, s, a, e)
#define KR_RE_P_FULLMATCH_END(p, s, e) kr_re_p_fullmatch(p, s, 0, e)
#define KR_RE_P_FULLMATCH_POS_END(p, s, a, e) kr_re_p_fullmatch(p, s, a, e)
#define KR_RE_P_FINDALL_END(p, s, e) kr_re_p_findall(p, s, 0, e)
#define KR_RE_P_FINDALL_POS_END(p, s, a, e) kr_re_p_findall(p, s, a, e)
#define KR_RE_P_FINDITER_END(p, s, e) kr_re_p_finditer(p, s, 0, e)
#define KR_RE_P_FINDITER_POS_END(p, s, a, e) kr_re_p_finditer(p, s, a, e)
KrObj *kr_re_compile_same(KrObj *p); /* re.compile(a Pattern): the same one */

/* sub(F, s) with a function F (desugar.c) */
KrObj *kr_re_subscan(KrObj *pattern, KrObj *s, int64_t count, int64_t flags);
KrObj *kr_re_p_subscan(KrObj *p, KrObj *s, int64_t count);
KrObj *kr_re_p_subscan_flags(KrObj *p, KrObj *s, int64_t count, int64_t flags); /* re.sub(compiled, F, s) */
KrObj *kr_re_subjoin(KrObj *scan, KrObj *reps);  /* the str */
KrObj *kr_re_subnjoin(KrObj *scan, KrObj *reps); /* (str, count) */

/* Match's methods and attributes; g is a group's number (an int box) or
 * name (a str), NULL for group 0 */
KrObj *kr_re_m_group(KrObj *m, KrObj *g);           /* str, or None for a group left unset */
KrObj *kr_re_m_group2(KrObj *m, KrObj *a, KrObj *b); /* m.group(a, b): a tuple */
KrObj *kr_re_m_group3(KrObj *m, KrObj *a, KrObj *b, KrObj *c);
KrObj *kr_re_m_getitem(KrObj *m, KrObj *g);         /* m[g] */
KrObj *kr_re_m_groups(KrObj *m, KrObj *dflt);       /* dflt: None when absent */
KrObj *kr_re_m_groupdict(KrObj *m, KrObj *dflt);
int64_t kr_re_m_start(KrObj *m, KrObj *g);
int64_t kr_re_m_end(KrObj *m, KrObj *g);
KrObj *kr_re_m_span(KrObj *m, KrObj *g);            /* tuple[int, int] */
KrObj *kr_re_m_expand(KrObj *m, KrObj *tmpl);
KrObj *kr_re_m_string(KrObj *m);
KrObj *kr_re_m_re(KrObj *m);
int64_t kr_re_m_pos(KrObj *m);
int64_t kr_re_m_endpos(KrObj *m);
KrObj *kr_re_m_lastindex(KrObj *m);                 /* an int or None */
KrObj *kr_re_m_lastgroup(KrObj *m);                 /* a str or None */
#define KR_RE_M_GROUP0(m) kr_re_m_group(m, NULL)
#define KR_RE_M_GROUPS0(m) kr_re_m_groups(m, kr_None)
#define KR_RE_M_GROUPDICT0(m) kr_re_m_groupdict(m, kr_None)
#define KR_RE_M_START0(m) kr_re_m_start(m, NULL)
#define KR_RE_M_END0(m) kr_re_m_end(m, NULL)
#define KR_RE_M_SPAN0(m) kr_re_m_span(m, NULL)

#endif
