"""A chat REPL in the terminal: type a message, and the model's reply streams
onto the screen piece by piece as it is generated; the conversation is kept,
so the next message has the earlier turns as context. An empty line or
end of input (Ctrl-D) ends it.

The model is the Hugging Face checkpoint folder KILN_MODEL_DIR names (Llama 3,
SmolLM, Qwen2 or Gemma 3; its own chat template). KILN_TEMPERATURE (default
0.7; 0 is greedy), KILN_MAX_TOKENS (default 256), KILN_SEED (a seeded run
gives the same reply compiled and under CPython) and KILN_SYSTEM (a system
prompt) tune it.

    KILN_MODEL_DIR=path/to/SmolLM2-135M-Instruct bash examples/chat/run.sh
"""
import os
import sys

from kiln.models import load_decoder
from kiln.models.generate import Sampling, chat_prompt, generate


def main() -> None:
    model = load_decoder(os.environ.get("KILN_MODEL_DIR", "build/models/chat"))
    sampling = Sampling(max_tokens=int(os.environ.get("KILN_MAX_TOKENS", "256")),
                        temperature=float(os.environ.get("KILN_TEMPERATURE", "0.7")),
                        seed=int(os.environ.get("KILN_SEED", "-1")))
    messages: list[dict[str, str]] = []
    if os.environ.get("KILN_SYSTEM", "") != "":
        messages.append({"role": "system", "content": os.environ.get("KILN_SYSTEM", "")})
    print("kiln chat: type a message; an empty line or Ctrl-D ends.", flush=True)
    while True:
        print("> ", end="", flush=True)
        line = sys.stdin.readline()
        if line.strip() == "":
            break
        messages.append({"role": "user", "content": line.strip()})
        reply = ""
        for piece in generate(model, chat_prompt(model, messages), sampling):
            print(piece, end="", flush=True)
            reply += piece
        print(flush=True)
        messages.append({"role": "assistant", "content": reply})
    print()


if __name__ == "__main__":
    main()
