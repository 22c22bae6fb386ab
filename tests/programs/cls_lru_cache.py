from typing import Optional


class Entry:
    def __init__(self, key: str, value: int) -> None:
        self.key = key
        self.value = value
        self.prev: Optional["Entry"] = None
        self.next: Optional["Entry"] = None


class LRU:
    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.map: dict[str, Entry] = {}
        self.head: Optional[Entry] = None
        self.tail: Optional[Entry] = None

    def _unlink(self, e: Entry) -> None:
        if e.prev is not None:
            e.prev.next = e.next
        else:
            self.head = e.next
        if e.next is not None:
            e.next.prev = e.prev
        else:
            self.tail = e.prev
        e.prev = None
        e.next = None

    def _push_front(self, e: Entry) -> None:
        e.next = self.head
        if self.head is not None:
            self.head.prev = e
        self.head = e
        if self.tail is None:
            self.tail = e

    def get(self, key: str) -> Optional[int]:
        e = self.map.get(key)
        if e is None:
            return None
        self._unlink(e)
        self._push_front(e)
        return e.value

    def put(self, key: str, value: int) -> None:
        if key in self.map:
            e = self.map[key]
            e.value = value
            self._unlink(e)
            self._push_front(e)
            return
        if len(self.map) == self.cap and self.tail is not None:
            old = self.tail
            self._unlink(old)
            del self.map[old.key]
            print("  evict", old.key)
        e = Entry(key, value)
        self.map[key] = e
        self._push_front(e)

    def keys(self) -> list[str]:
        out: list[str] = []
        cur = self.head
        while cur is not None:
            out.append(cur.key)
            cur = cur.next
        return out


def main() -> None:
    c = LRU(3)
    for k, v in [("a", 1), ("b", 2), ("c", 3)]:
        c.put(k, v)
    print(c.keys(), c.get("a"), c.keys())
    c.put("d", 4)
    print(c.keys(), c.get("b"), c.get("c"))
    c.put("a", 10)
    c.put("e", 5)
    print(c.keys(), c.get("a"), len(c.map))


main()
