class Event:
    def __init__(self, kind: str, payload: str) -> None:
        self.kind = kind
        self.payload = payload

    def __repr__(self) -> str:
        return f"Event({self.kind}, {self.payload!r})"


class Handler:
    def __init__(self, name: str) -> None:
        self.name = name
        self.seen = 0

    def handles(self, ev: Event) -> bool:
        return True

    def handle(self, ev: Event) -> str:
        self.seen += 1
        return f"{self.name} got {ev.kind}"


class ErrorHandler(Handler):
    def handles(self, ev: Event) -> bool:
        return ev.kind == "error"

    def handle(self, ev: Event) -> str:
        self.seen += 1
        return f"{self.name} ALERT: {ev.payload.upper()}"


class AuditHandler(Handler):
    def __init__(self) -> None:
        super().__init__("audit")
        self.log: list[str] = []

    def handle(self, ev: Event) -> str:
        self.log.append(ev.kind)
        return super().handle(ev) + f" (#{len(self.log)})"


class Bus:
    def __init__(self) -> None:
        self.handlers: list[Handler] = []

    def subscribe(self, h: Handler) -> None:
        self.handlers.append(h)

    def publish(self, ev: Event) -> list[str]:
        return [h.handle(ev) for h in self.handlers if h.handles(ev)]


def main() -> None:
    bus = Bus()
    audit = AuditHandler()
    bus.subscribe(Handler("printer"))
    bus.subscribe(ErrorHandler("pager"))
    bus.subscribe(audit)
    events = [Event("start", "boot"), Event("error", "disk full"), Event("stop", "bye")]
    for ev in events:
        print(ev, bus.publish(ev))
    print([(h.name, h.seen) for h in bus.handlers])
    print(audit.log)


main()
