def iou(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    x1 = max(a[0], b[0])
    y1 = max(a[1], b[1])
    x2 = min(a[2], b[2])
    y2 = min(a[3], b[3])
    inter = max(0.0, x2 - x1) * max(0.0, y2 - y1)
    area_a = (a[2] - a[0]) * (a[3] - a[1])
    area_b = (b[2] - b[0]) * (b[3] - b[1])
    union = area_a + area_b - inter
    return inter / union if union > 0 else 0.0


def nms(boxes: list[tuple[float, float, float, float]], scores: list[float], thresh: float) -> list[int]:
    order = sorted(range(len(boxes)), key=lambda i: scores[i], reverse=True)
    keep: list[int] = []
    while order:
        i = order.pop(0)
        keep.append(i)
        order = [j for j in order if iou(boxes[i], boxes[j]) < thresh]
    return keep


def main() -> None:
    boxes = [
        (10.0, 10.0, 50.0, 50.0),
        (12.0, 12.0, 52.0, 48.0),
        (100.0, 100.0, 140.0, 150.0),
        (105.0, 98.0, 138.0, 152.0),
        (0.0, 0.0, 5.0, 5.0),
    ]
    scores = [0.9, 0.85, 0.6, 0.75, 0.3]
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            v = iou(boxes[i], boxes[j])
            if v > 0:
                print(i, j, round(v, 4))
    for t in [0.3, 0.5, 0.9]:
        print(t, nms(boxes, scores, t))


main()
