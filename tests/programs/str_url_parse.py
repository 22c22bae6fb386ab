def parse_url(url: str) -> dict[str, str]:
    out = {"scheme": "", "host": "", "port": "", "path": "/", "query": "", "fragment": ""}
    rest = url
    if "://" in rest:
        out["scheme"], rest = rest.split("://", 1)
    rest, _, out["fragment"] = rest.partition("#")
    rest, _, out["query"] = rest.partition("?")
    hostport, slash, path = rest.partition("/")
    if slash:
        out["path"] = "/" + path
    host, colon, port = hostport.partition(":")
    out["host"] = host
    if colon:
        if not port.isdigit():
            raise ValueError(f"bad port {port!r}")
        out["port"] = port
    return out


def parse_query(q: str) -> dict[str, list[str]]:
    res: dict[str, list[str]] = {}
    for part in q.split("&"):
        if not part:
            continue
        k, _, v = part.partition("=")
        res.setdefault(k, []).append(v.replace("+", " "))
    return res


def main() -> None:
    for u in ["https://api.example.com:8443/v1/chat?model=tiny&stream=true#top",
              "http://localhost/health", "example.org", "ftp://h:21", "http://x:abc/"]:
        try:
            p = parse_url(u)
            print(p)
            print("  ", parse_query(p["query"]))
        except ValueError as e:
            print("error:", e)
    print(parse_query("a=1&b=two+words&a=3&&c="))


main()
