# error: 2: expected ':'
async def main()
    await run()
