from typing import Optional


class ListNode:
    def __init__(self, val: int) -> None:
        self.val = val
        self.next: Optional["ListNode"] = None


class LinkedList:
    def __init__(self) -> None:
        self.head: Optional[ListNode] = None
        self.size = 0

    def push_front(self, v: int) -> None:
        n = ListNode(v)
        n.next = self.head
        self.head = n
        self.size += 1

    def append(self, v: int) -> None:
        n = ListNode(v)
        if self.head is None:
            self.head = n
        else:
            cur = self.head
            while cur.next is not None:
                cur = cur.next
            cur.next = n
        self.size += 1

    def to_list(self) -> list[int]:
        out: list[int] = []
        cur = self.head
        while cur is not None:
            out.append(cur.val)
            cur = cur.next
        return out

    def reverse(self) -> None:
        prev: Optional[ListNode] = None
        cur = self.head
        while cur is not None:
            nxt = cur.next
            cur.next = prev
            prev = cur
            cur = nxt
        self.head = prev

    def remove(self, v: int) -> bool:
        prev: Optional[ListNode] = None
        cur = self.head
        while cur is not None:
            if cur.val == v:
                if prev is None:
                    self.head = cur.next
                else:
                    prev.next = cur.next
                self.size -= 1
                return True
            prev = cur
            cur = cur.next
        return False

    def __len__(self) -> int:
        return self.size


def main() -> None:
    ll = LinkedList()
    for v in [3, 1, 4]:
        ll.append(v)
    ll.push_front(9)
    print(ll.to_list(), len(ll))
    ll.reverse()
    print(ll.to_list())
    print(ll.remove(1), ll.remove(42), ll.to_list(), len(ll))
    empty = LinkedList()
    empty.reverse()
    print(empty.to_list(), len(empty), empty.remove(0))
    print(ll.head.next.val)
    print(empty.head.val)


main()
