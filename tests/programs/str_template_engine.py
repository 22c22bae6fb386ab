class TemplateError(Exception):
    pass


def render(tpl: str, ctx: dict[str, str]) -> str:
    out: list[str] = []
    i = 0
    while i < len(tpl):
        j = tpl.find("{{", i)
        if j < 0:
            out.append(tpl[i:])
            break
        out.append(tpl[i:j])
        k = tpl.find("}}", j)
        if k < 0:
            raise TemplateError(f"unclosed tag at {j}")
        expr = tpl[j + 2 : k].strip()
        name, _, filt = expr.partition("|")
        name = name.strip()
        if name not in ctx:
            raise TemplateError(f"undefined variable {name!r}")
        val = ctx[name]
        filt = filt.strip()
        if filt == "upper":
            val = val.upper()
        elif filt == "title":
            val = val.title()
        elif filt == "len":
            val = str(len(val))
        elif filt:
            raise TemplateError(f"unknown filter {filt!r}")
        out.append(val)
        i = k + 2
    return "".join(out)


def main() -> None:
    ctx = {"name": "ada lovelace", "lang": "python", "n": "3"}
    for tpl in ["Hello {{ name | title }}!", "{{lang|upper}} x{{n}}", "len={{ name|len }}", "no tags",
                "{{ missing }}", "{{ name | reverse }}", "broken {{ name"]:
        try:
            print(repr(render(tpl, ctx)))
        except TemplateError as e:
            print("error:", e)
    render("{{ x }}", {})


main()
