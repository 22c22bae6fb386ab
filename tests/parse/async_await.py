# async def, await, async for, async with, async comprehensions, await inside
# f-strings and expressions, async generators.
import asyncio


async def fetch(session, url: str) -> bytes:
    async with session.get(url) as response, session.lock:
        return await response.read()


async def gen(n):
    for i in range(n):
        yield i
        await asyncio.sleep(0)


async def consume():
    total = 0
    async for item in gen(10):
        total += item
    else:
        pass
    squares = [x * x async for x in gen(5) if x % 2]
    evens = {x async for x in gen(4)}
    table = {x: await asyncio.sleep(0, x) async for x in gen(3)}
    lazy = (x async for x in gen(3))
    mixed = [await y for y in [asyncio.sleep(0, 1)]]
    values = await asyncio.gather(*[fetch(None, u) for u in ()])
    print(f"{await asyncio.sleep(0, 'x')!r}")
    x = -await asyncio.sleep(0, 1) ** 2
    async with (
        asyncio.Lock() as a,
        asyncio.Lock() as b,
    ):
        pass
    return total, squares, evens, table, lazy, mixed, values, x


class Stream:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    def __aiter__(self):
        return self

    async def __anext__(self):
        raise StopAsyncIteration


asyncio.run(consume())
