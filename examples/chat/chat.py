"""A chat model, compiled: the Hugging Face checkpoint folder KILN_MODEL_DIR
names (a Llama-architecture decoder: Llama 3, SmolLM, Qwen2; or Gemma 3; or a .gguf file
of a Llama, kiln.models.ggufmodel) is loaded when
the module loads; chat() renders the messages with the model's own chat
template and streams the reply's text pieces, as OpenAI's chat completions
do. temperature 0 is greedy.

    kiln compile examples/chat/chat.py -o chat.so
    KILN_MODEL_DIR=path/to/model kiln call chat.so chat '[[{"role": "user", "content": "Hi"}]]'
"""
import os
from typing import Iterator, Optional

from kiln.models import load_decoder
from kiln.models.generate import Sampling, chat_prompt, generate

_model = load_decoder(os.environ.get("KILN_MODEL_DIR", "build/models/chat"))


def chat(messages: list[dict[str, str]], max_tokens: int = 256, temperature: float = 0.7,
         stop: Optional[list[str]] = None) -> Iterator[str]:
    """The assistant's reply to messages, piece by piece; it ends before the
    first of the stop strings the text would contain."""
    s = Sampling(max_tokens=max_tokens, temperature=temperature)
    if stop is not None:
        s.stop = stop
    yield from generate(_model, chat_prompt(_model, messages), s)


def prompt_tokens(messages: list[dict[str, str]]) -> int:
    """How many tokens the messages are to the model, rendered as chat()
    renders them: kiln serve reports it as the prompt's usage."""
    return len(chat_prompt(_model, messages))


if __name__ == "__main__":
    for piece in chat([{"role": "user", "content": "Hello! Who are you?"}], max_tokens=32, temperature=0.0):
        print(piece, end="", flush=True)
    print()
