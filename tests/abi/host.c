/* host.c — a C program that uses a kiln-compiled library through
 * include/kiln.h, as an application would: typed values in and out, the
 * JSON form, errors, and calls from several threads at once.
 *
 *   cc -I include tests/abi/host.c build/textlib.so -o host -lpthread
 *   ./host        prints one line per check; exit 0 when all pass
 */
#include "kiln.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int ok, const char *what) {
  printf("%s %s\n", ok ? "ok" : "FAIL", what);
  if (!ok)
    failures++;
}

static kiln_module *mod;

enum { THREADS = 4, CALLS = 2000 };

static void *worker(void *arg) {
  long id = (long)arg;
  long bad = 0;
  for (int i = 0; i < CALLS; i++) {
    char text[64];
    int n = snprintf(text, sizeof text, "thread %ld call %d aeiou", id, i);
    kiln_value *s = kiln_str(text, (size_t)n);
    kiln_value *r = NULL;
    if (kiln_call(mod, "count_vowels", &s, 1, &r, NULL) != 0 || kiln_as_int(r) != 8)
      bad++;
    kiln_release(r);
    kiln_release(s);
  }
  return (void *)bad;
}

int main(void) {
  kiln_error *err = NULL;
  check(strstr(kiln_manifest(), "\"name\": \"scale\"") != NULL, "manifest names scale");
  mod = kiln_open(&err);
  check(mod != NULL, "open runs the module code");
  check(kiln_open(NULL) == mod, "a second open returns the same module");
  kiln_close(mod);

  /* typed values: scale([1, 2.5], 3) == [3.0, 7.5] */
  kiln_value *xs = kiln_list();
  kiln_value *one = kiln_int(1), *two = kiln_float(2.5), *k = kiln_float(3);
  kiln_list_append(xs, one);
  kiln_list_append(xs, two);
  kiln_value *args[] = {xs, k};
  kiln_value *r = NULL;
  int rc = kiln_call(mod, "scale", args, 2, &r, &err);
  check(rc == 0 && kiln_kind_of(r) == KILN_LIST && kiln_len(r) == 2, "scale returns a list of 2");
  kiln_value *r1 = kiln_item(r, 1);
  check(kiln_as_float(r1) == 7.5, "scale(...)[1] == 7.5");
  kiln_release(r1);
  char *json = kiln_to_json(r, NULL);
  check(json && !strcmp(json, "[3.0, 7.5]"), "kiln_to_json of the result");
  kiln_free(json);
  kiln_release(r);

  /* the default of k */
  rc = kiln_call(mod, "scale", args, 1, &r, &err);
  json = rc == 0 ? kiln_to_json(r, NULL) : NULL;
  check(json && !strcmp(json, "[2.0, 5.0]"), "scale with its default k=2.0");
  kiln_free(json);
  kiln_release(r);

  /* a dict result, read entry by entry */
  kiln_value *words = kiln_list(), *w1 = kiln_str("kiln", 4), *w2 = kiln_str("\xc3\xa9t\xc3\xa9", 5);
  kiln_list_append(words, w1);
  kiln_list_append(words, w2);
  rc = kiln_call(mod, "word_lengths", &words, 1, &r, &err);
  kiln_value *key = rc == 0 ? kiln_dict_key(r, 1) : NULL, *val = rc == 0 ? kiln_dict_value(r, 1) : NULL;
  size_t klen = 0;
  const char *ktext = kiln_as_str(key, &klen);
  check(kiln_kind_of(r) == KILN_DICT && kiln_len(r) == 2 && ktext && klen == 5 &&
            !memcmp(ktext, "\xc3\xa9t\xc3\xa9", 5) && kiln_as_int(val) == 3,
        "word_lengths: a dict, keys in order, lengths in code points");
  kiln_release(key);
  kiln_release(val);
  kiln_release(r);

  /* a wrong type is a TypeError naming the item */
  kiln_value *bad = kiln_list(), *num = kiln_int(5);
  kiln_list_append(bad, w1);
  kiln_list_append(bad, num);
  rc = kiln_call(mod, "word_lengths", &bad, 1, &r, &err);
  check(rc == -1 && err && !strcmp(kiln_error_type(err), "TypeError") &&
            !strcmp(kiln_error_message(err), "word_lengths(): words[1] must be str, not int"),
        "a list[str] argument holding an int: TypeError words[1]");
  if (err)
    printf("   (%s: %s)\n", kiln_error_type(err), kiln_error_message(err));
  kiln_error_free(err);
  err = NULL;

  /* an exception raised by the Python code, with its traceback */
  kiln_value *empty = kiln_list();
  rc = kiln_call(mod, "stats", &empty, 1, &r, &err);
  check(rc == -1 && !strcmp(kiln_error_type(err), "ValueError") &&
            strstr(kiln_error_traceback(err), "Traceback (most recent call last):") &&
            strstr(kiln_error_traceback(err), "in stats"),
        "stats([]) raises ValueError with a traceback");
  kiln_error_free(err);
  err = NULL;

  /* an unknown function, wrong argument counts */
  rc = kiln_call(mod, "nope", NULL, 0, &r, &err);
  check(rc == -1 && !strcmp(kiln_error_type(err), "AttributeError"), "an unknown function");
  kiln_error_free(err);
  err = NULL;
  rc = kiln_call(mod, "add", args, 1, &r, &err);
  check(rc == -1 && !strcmp(kiln_error_message(err), "add() missing 1 required positional argument: 'b'"),
        "a missing argument");
  kiln_error_free(err);
  err = NULL;

  /* the JSON form */
  char *out = NULL;
  rc = kiln_call_json(mod, "stats", "[[3, 1, 2]]", &out, &err);
  check(rc == 0 && !strcmp(out, "[1, 3, 2.0]"), "stats as JSON");
  kiln_free(out);
  rc = kiln_call_json(mod, "add", "[1, ", &out, &err);
  check(rc == -1 && strstr(kiln_error_type(err), "JSONDecodeError"), "malformed JSON arguments");
  kiln_error_free(err);
  err = NULL;

  /* a generator function streams its items */
  {
    kiln_value *sargs[2] = {kiln_str("abcdefg", 7), kiln_int(3)};
    kiln_stream *st = NULL;
    rc = kiln_call_stream(mod, "pieces", sargs, 2, &st, &err);
    char got[64] = "";
    kiln_value *item = NULL;
    int n = 0;
    while (rc == 0 && kiln_stream_next(st, &item, &err) == 1) {
      size_t len;
      const char *s = kiln_as_str(item, &len);
      strncat(got, s, len);
      strcat(got, "|");
      kiln_release(item);
      n++;
    }
    check(rc == 0 && n == 3 && !strcmp(got, "abc|def|g|"), "kiln_call_stream: items one at a time");
    check(kiln_stream_next(st, &item, &err) == 0, "a finished stream stays finished");
    kiln_stream_close(st);
    /* closed early: the generator's frame is released */
    rc = kiln_call_stream(mod, "pieces", sargs, 2, &st, &err);
    check(rc == 0 && kiln_stream_next(st, &item, &err) == 1, "a second stream");
    kiln_release(item);
    kiln_stream_close(st);
    /* an error raised by the generator comes out of kiln_stream_next */
    kiln_release(sargs[1]);
    sargs[1] = kiln_int(0);
    rc = kiln_call_stream(mod, "pieces", sargs, 2, &st, &err);
    check(rc == 0 && kiln_stream_next(st, &item, &err) == -1 && !strcmp(kiln_error_type(err), "ValueError"),
          "a generator's exception comes out of kiln_stream_next");
    kiln_error_free(err);
    err = NULL;
    kiln_stream_close(st);
    rc = kiln_call_stream(mod, "add", args, 2, &st, &err);
    check(rc == -1 && !strcmp(kiln_error_type(err), "TypeError"), "kiln_call_stream of a plain function");
    kiln_error_free(err);
    err = NULL;
    kiln_release(sargs[0]);
    kiln_release(sargs[1]);
  }

  /* invalid UTF-8 is refused when the value is made */
  check(kiln_str("\xff", 1) == NULL, "kiln_str refuses invalid UTF-8");

  /* threads */
  kiln_value *before = NULL;
  kiln_call(mod, "calls", NULL, 0, &before, NULL);
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  long wrong = 0;
  for (int i = 0; i < THREADS; i++) {
    void *res;
    pthread_join(t[i], &res);
    wrong += (long)res;
  }
  kiln_value *after = NULL;
  kiln_call(mod, "calls", NULL, 0, &after, NULL);
  check(wrong == 0, "4 threads x 2000 calls: every result right");
  check(kiln_as_int(after) - kiln_as_int(before) == THREADS * CALLS,
        "the module's global counted every call (no lost update)");
  kiln_release(before);
  kiln_release(after);

  kiln_release(xs);
  kiln_release(one);
  kiln_release(two);
  kiln_release(k);
  kiln_release(words);
  kiln_release(w1);
  kiln_release(w2);
  kiln_release(bad);
  kiln_release(num);
  kiln_release(empty);
  kiln_close(mod);
  printf("%d failed\n", failures);
  return failures ? 1 : 0;
}
