if x:
    if y:
        pass  # comment