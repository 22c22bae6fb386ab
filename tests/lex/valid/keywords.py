async def f():
    await x
    async for a in b: pass
    async with c as d: pass
match = case = _ = type = 1
try:
    raise E from None
except* E:
    pass
finally:
    del x
lambda: (yield)
global g; nonlocal_ = True or False and not None is None
