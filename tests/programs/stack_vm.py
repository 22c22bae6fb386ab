# A stack-based bytecode VM: an assembler with labels, arithmetic, compare,
# conditional jumps, CALL/RET with a frame stack, and a trace of execution.
class VMError(Exception):
    pass


def assemble(src: str) -> tuple[list[tuple[str, int]], dict[str, int]]:
    labels: dict[str, int] = {}
    raw: list[list[str]] = []
    for line in src.strip().split("\n"):
        line = line.split(";")[0].strip()
        if not line:
            continue
        if line.endswith(":"):
            labels[line[:-1]] = len(raw)
            continue
        raw.append(line.split())
    code: list[tuple[str, int]] = []
    for parts in raw:
        arg = 0
        if len(parts) > 1:
            a = parts[1]
            arg = labels[a] if a in labels else int(a)
        code.append((parts[0].upper(), arg))
    return code, labels


def run(code: list[tuple[str, int]], trace: bool, limit: int) -> list[int]:
    stack: list[int] = []
    frames: list[int] = []
    out: list[int] = []
    pc = 0
    steps = 0
    while pc < len(code):
        op, arg = code[pc]
        steps += 1
        if steps > limit:
            raise VMError(f"step limit {limit} hit at pc={pc}")
        if trace:
            print(f"  {steps:3d} pc={pc:2d} {op:<5}{arg:>3}  {stack}")
        pc += 1
        if op == "PUSH":
            stack.append(arg)
        elif op == "POP":
            stack.pop()
        elif op == "DUP":
            stack.append(stack[-1])
        elif op == "OVER":
            stack.append(stack[-2])
        elif op == "SWAP":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif op in ("ADD", "SUB", "MUL", "DIV", "MOD", "LT", "EQ"):
            b = stack.pop()
            a = stack.pop()
            if op == "ADD":
                stack.append(a + b)
            elif op == "SUB":
                stack.append(a - b)
            elif op == "MUL":
                stack.append(a * b)
            elif op == "DIV":
                if b == 0:
                    raise VMError(f"division by zero at pc={pc - 1}")
                stack.append(a // b)
            elif op == "MOD":
                stack.append(a % b)
            elif op == "LT":
                stack.append(1 if a < b else 0)
            else:
                stack.append(1 if a == b else 0)
        elif op == "JMP":
            pc = arg
        elif op == "JZ":
            if stack.pop() == 0:
                pc = arg
        elif op == "CALL":
            frames.append(pc)
            pc = arg
        elif op == "RET":
            pc = frames.pop()
        elif op == "OUT":
            out.append(stack.pop())
        elif op == "HALT":
            break
        else:
            raise VMError("unknown opcode " + op)
    return out


COUNTDOWN = """
    push 3
loop:
    dup
    out
    push 1
    sub
    dup
    jz done
    jmp loop
done:
    halt
"""
FACT = """
    push 1
    push 6
    call fact
    out
    push 12
    call square
    out
    halt
fact:            ; acc n -> n! * acc
    dup
    jz finish
    swap
    over
    mul
    swap
    push 1
    sub
    jmp fact
finish:
    pop
    ret
square:
    dup
    mul
    ret
"""
code, labels = assemble(COUNTDOWN)
print("countdown labels:", labels, "size:", len(code))
print("output:", run(code, True, 100))
code, labels = assemble("push 7\npush 3\nmod\nout\npush 7\npush 3\nlt\nout\npush 4\npush 4\neq\nout")
print("misc:", run(code, False, 100))
for prog in ["push 1\npush 0\ndiv", "top:\njmp top", "push 1\nfrob"]:
    try:
        print(run(assemble(prog)[0], False, 50))
    except VMError as e:
        print("vm error:", e)
code, labels = assemble(FACT)
print("fact labels:", sorted(labels.items()))
print("fact and square:", run(code, False, 500))
try:
    run(assemble("push 1\nadd")[0], False, 10)
except IndexError as e:
    print("stack underflow:", e)
print(run(assemble(FACT)[0], True, 30))
