# async code is refused at its definition.
# error: 3: error[K0301]: kiln does not support async code yet
async def fetch() -> int:
    return 1
