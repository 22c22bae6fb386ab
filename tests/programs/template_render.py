# A tiny templating engine: {{name}} substitution with filters (upper, lower,
# title, len, default:X), {{#each list}} blocks over a list of dicts, errors.
class TemplateError(Exception):
    pass


def apply_filter(value: str, flt: str) -> str:
    if flt == "upper":
        return value.upper()
    if flt == "lower":
        return value.lower()
    if flt == "title":
        return value.title()
    if flt == "len":
        return str(len(value))
    if flt.startswith("default:"):
        return value if value else flt[len("default:"):]
    raise TemplateError("unknown filter " + repr(flt))


def render(tpl: str, ctx: dict[str, str]) -> str:
    out: list[str] = []
    i = 0
    while True:
        start = tpl[i:].find("{{")
        if start < 0:
            out.append(tpl[i:])
            break
        start += i
        out.append(tpl[i:start])
        end = tpl[start:].find("}}")
        if end < 0:
            raise TemplateError(f"unclosed tag at {start}")
        end += start
        expr = tpl[start + 2:end].strip()
        parts = [p.strip() for p in expr.split("|")]
        name = parts[0]
        if name not in ctx and not any(p.startswith("default:") for p in parts[1:]):
            raise TemplateError(f"undefined variable {name!r}")
        value = ctx.get(name, "")
        for flt in parts[1:]:
            value = apply_filter(value, flt)
        out.append(value)
        i = end + 2
    return "".join(out)


def render_each(tpl: str, rows: list[dict[str, str]]) -> str:
    head = "{{#each}}"
    tail = "{{/each}}"
    a = tpl.find(head)
    b = tpl.find(tail)
    if a < 0 or b < a:
        return tpl
    body = tpl[a + len(head):b]
    pieces = [render(body, row) for row in rows]
    return tpl[:a] + "".join(pieces) + tpl[b + len(tail):]


ctx = {"name": "ada lovelace", "lang": "Analytical Engine", "year": "1843", "note": ""}
templates = [
    "Hello, {{ name | title }}!",
    "{{name|upper}} wrote for the {{lang}} in {{year}}.",
    "Name has {{ name | len }} characters; note: {{ note | default:none given }}",
    "{{ missing | default:(n/a) | upper }} and {{lang|lower|title}}",
    "Broken {{ name",
    "Oops {{ nobody }}",
    "Bad filter {{ name | reverse }}",
]
for t in templates:
    try:
        print(repr(render(t, ctx)))
    except TemplateError as e:
        print("error:", e)

people = [
    {"name": "grace", "role": "admiral"},
    {"name": "alan", "role": ""},
    {"name": "edsger", "role": "professor"},
]
page = "<ul>\n{{#each}}  <li>{{name|title}} ({{role|default:unknown}})</li>\n{{/each}}</ul>"
print(render_each(page, people))
counts: dict[str, int] = {}
for p in people:
    line = render("{{name|upper}}:{{name|len}}", p)
    fields = line.split(":")
    counts[fields[0]] = int(fields[1])
print(counts, sum(counts.values()))
