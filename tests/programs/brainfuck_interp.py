# A Brainfuck interpreter with a precomputed bracket table, a step budget,
# tape statistics, and programs that print text and compute values.
class BFError(Exception):
    pass


def brackets(code: str) -> dict[int, int]:
    stack: list[int] = []
    table: dict[int, int] = {}
    for i, c in enumerate(code):
        if c == "[":
            stack.append(i)
        elif c == "]":
            if not stack:
                raise BFError(f"unmatched ] at {i}")
            j = stack.pop()
            table[i] = j
            table[j] = i
    if stack:
        raise BFError(f"unmatched [ at {stack[-1]}")
    return table


def run(code: str, data: str, budget: int) -> tuple[str, list[int], int]:
    jump = brackets(code)
    tape = [0] * 32
    ptr = 0
    pc = 0
    inp = 0
    out: list[str] = []
    steps = 0
    while pc < len(code):
        c = code[pc]
        steps += 1
        if steps > budget:
            raise BFError(f"budget of {budget} steps exhausted at pc {pc}")
        if c == ">":
            ptr += 1
            if ptr == len(tape):
                tape.append(0)
        elif c == "<":
            ptr -= 1
            if ptr < 0:
                raise BFError("pointer moved left of cell 0")
        elif c == "+":
            tape[ptr] = (tape[ptr] + 1) % 256
        elif c == "-":
            tape[ptr] = (tape[ptr] - 1) % 256
        elif c == ".":
            out.append(chr(tape[ptr]))
        elif c == ",":
            tape[ptr] = ord(data[inp]) if inp < len(data) else 0
            inp += 1
        elif c == "[" and tape[ptr] == 0:
            pc = jump[pc]
        elif c == "]" and tape[ptr] != 0:
            pc = jump[pc]
        pc += 1
    return "".join(out), tape, steps


HELLO = "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.>++."
programs = [
    ("hello", HELLO, ""),
    ("echo upper", ",[>++++[<-------->-]<.,]", "hello"),
    ("add digits", ",>,[<+>-]<------------------------------------------------.", "34"),
    ("reverse", ">,[>,]<[.<]", "stressed"),
    ("wrap", "-.+.", ""),
    ("unmatched", "+[>+", ""),
    ("extra close", "+]", ""),
    ("left edge", "<+", ""),
    ("forever", "+[]", ""),
]
for name, code, data in programs:
    try:
        text, tape, steps = run(code, data, 5000)
    except BFError as e:
        print(f"{name}: error: {e}")
        continue
    used = [v for v in tape if v != 0]
    print(f"{name}: {text!r} in {steps} steps")
    print(f"  nonzero cells: {len(used)}, max {max(tape)}, sum {sum(tape)}")
    print("  codes:", [ord(ch) for ch in text][:12])
print("bracket table:", sorted(brackets("+[>[-]<-]").items()))
