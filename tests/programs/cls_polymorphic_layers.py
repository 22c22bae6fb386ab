import math


class Layer:
    def forward(self, xs: list[float]) -> list[float]:
        return xs

    def name(self) -> str:
        return "identity"


class Scale(Layer):
    def __init__(self, k: float) -> None:
        self.k = k

    def forward(self, xs: list[float]) -> list[float]:
        return [x * self.k for x in xs]

    def name(self) -> str:
        return f"scale({self.k})"


class ReLU(Layer):
    def forward(self, xs: list[float]) -> list[float]:
        return [x if x > 0 else 0.0 for x in xs]

    def name(self) -> str:
        return "relu"


class Tanh(Layer):
    def forward(self, xs: list[float]) -> list[float]:
        return [math.tanh(x) for x in xs]

    def name(self) -> str:
        return "tanh"


class Sequential(Layer):
    def __init__(self, layers: list[Layer]) -> None:
        self.layers = layers

    def forward(self, xs: list[float]) -> list[float]:
        for l in self.layers:
            xs = l.forward(xs)
        return xs

    def name(self) -> str:
        return " -> ".join(l.name() for l in self.layers)


def main() -> None:
    layers: list[Layer] = [Scale(2.0), ReLU(), Layer(), Tanh(), Scale(-0.5)]
    net = Sequential(layers)
    print(net.name())
    x = [-1.0, -0.25, 0.0, 0.3, 1.5]
    print([round(v, 6) for v in net.forward(x)])
    tail: list[Layer] = [ReLU(), Scale(3.0)]
    outer: list[Layer] = [net, Sequential(tail)]
    nested = Sequential(outer)
    print(nested.name())
    print([round(v, 6) for v in nested.forward(x)])


main()
