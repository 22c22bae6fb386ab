# kiln calls __exit__(None, None, None): an __exit__ that looks at the exception is refused.
# error: 7: error[K0301]: kiln does not support __exit__ that looks at the exception yet (in class 'Guard')
class Guard:
    def __enter__(self) -> "Guard":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc is not None:
            print("failed")
