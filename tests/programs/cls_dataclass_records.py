from dataclasses import dataclass, field


@dataclass
class Prediction:
    label: str
    score: float
    index: int = -1


@dataclass
class Batch:
    name: str
    preds: list[Prediction] = field(default_factory=list)

    def add(self, label: str, score: float) -> None:
        self.preds.append(Prediction(label, score, len(self.preds)))

    def best(self) -> Prediction:
        return max(self.preds, key=lambda p: p.score)

    def mean(self) -> float:
        return sum(p.score for p in self.preds) / len(self.preds)


@dataclass(order=True)
class Ranked:
    score: float
    label: str


def main() -> None:
    b = Batch("eval")
    for lab, s in [("a", 0.3), ("b", 0.9), ("c", 0.45), ("d", 0.9)]:
        b.add(lab, s)
    print(b.preds[0])
    print(b.best(), round(b.mean(), 4))
    print(len(b.preds), b.name)
    r = sorted([Ranked(p.score, p.label) for p in b.preds], reverse=True)
    print(r)
    print(Ranked(1.0, "x") == Ranked(1.0, "x"), Ranked(0.5, "a") < Ranked(0.5, "b"))
    p = Prediction("z", 0.1)
    p.score = 0.2
    print(p, p.index)


main()
