# Hand-written insertion sort, bubble sort and selection sort on int lists.
def insertion_sort(xs: list[int]) -> list[int]:
    out: list[int] = []
    for x in xs:
        out.append(x)
    i = 1
    while i < len(out):
        key = out[i]
        j = i - 1
        while j >= 0 and out[j] > key:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = key
        i += 1
    return out


def bubble_sort(xs: list[int]) -> int:
    swaps = 0
    n = len(xs)
    for i in range(n):
        swapped = False
        for j in range(n - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swaps += 1
                swapped = True
        if not swapped:
            break
    return swaps


def selection_sort(xs: list[int]) -> None:
    n = len(xs)
    for i in range(n):
        m = i
        for j in range(i + 1, n):
            if xs[j] < xs[m]:
                m = j
        if m != i:
            t = xs[i]
            xs[i] = xs[m]
            xs[m] = t


data = [5, -2, 9, 0, 3, 3, 17, -8, 1]
print(insertion_sort(data))
print(data)
b = [5, -2, 9, 0, 3, 3, 17, -8, 1]
print(bubble_sort(b), b)
s = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
selection_sort(s)
print(s)
print(sorted(data) == insertion_sort(data), b == s)
