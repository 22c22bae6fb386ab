# A lambda is refused where it stands (closures and lambdas come with the classes issue).
# error: 3: kiln does not support lambda yet
square = lambda x: x * x
