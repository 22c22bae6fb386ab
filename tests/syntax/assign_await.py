# error: 3: cannot assign to await expression here. Maybe you meant '==' instead of '='?
async def f():
    await x = 1
