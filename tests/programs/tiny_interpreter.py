# A tiny line-based interpreter with variables in a dict: set/add/mul/print/jnz, run with a step limit.
program = """set i 5
set acc 1
mul acc i
add i -1
jnz i 2
print acc
set x 0
print y"""
lines = program.split("\n")
env: dict[str, int] = {}


def value(tok: str) -> int:
    if tok.lstrip("-").isdigit():
        return int(tok)
    return env[tok]


def run(limit: int) -> int:
    pc = 0
    steps = 0
    while pc < len(lines):
        steps += 1
        if steps > limit:
            raise RuntimeError("step limit exceeded")
        parts = lines[pc].split()
        op = parts[0]
        if op == "set":
            env[parts[1]] = value(parts[2])
        elif op == "add":
            env[parts[1]] = env[parts[1]] + value(parts[2])
        elif op == "mul":
            env[parts[1]] = env[parts[1]] * value(parts[2])
        elif op == "print":
            print(parts[1], "=", value(parts[1]))
        elif op == "jnz":
            if value(parts[1]) != 0:
                pc = int(parts[2])
                continue
        else:
            raise ValueError("bad op " + op)
        pc += 1
    return steps


try:
    print("steps:", run(1000))
except KeyError as e:
    print("undefined variable:", e)
print(env)
lines = ["set a 1", "jnz a 0"]
try:
    run(50)
except RuntimeError as e:
    print("error:", e)
