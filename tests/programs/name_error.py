# A global read before any assignment raises NameError.
def show() -> None:
    print(later)


show()
later = 1
