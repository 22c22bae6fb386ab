from typing import Optional


class Node:
    def __init__(self, value: int, left: Optional["Node"] = None, right: Optional["Node"] = None) -> None:
        self.value = value
        self.left = left
        self.right = right


def insert(root: Optional[Node], v: int) -> Node:
    if root is None:
        return Node(v)
    if v < root.value:
        root.left = insert(root.left, v)
    else:
        root.right = insert(root.right, v)
    return root


def inorder(node: Optional[Node]):
    if node is not None:
        yield from inorder(node.left)
        yield node.value
        yield from inorder(node.right)


def depth(node: Optional[Node]) -> int:
    if node is None:
        return 0
    return 1 + max(depth(node.left), depth(node.right))


def paths(node: Optional[Node], prefix: list[int]):
    if node is None:
        return
    p = prefix + [node.value]
    if node.left is None and node.right is None:
        yield p
    yield from paths(node.left, p)
    yield from paths(node.right, p)


def main() -> None:
    root: Optional[Node] = None
    for v in [50, 30, 70, 20, 40, 60, 80, 35, 45, 65]:
        root = insert(root, v)
    print(list(inorder(root)))
    print("depth", depth(root))
    for p in paths(root, []):
        print(p, sum(p))


main()
