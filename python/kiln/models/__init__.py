"""kiln.models: model architectures in numpy + kiln.nn, loading model
folders as published. CPython runs them as they are; kiln compiles them with
the program that imports them.

    from kiln.models import load
    model = load(folder)             # the architecture the folder's files say
    vectors = model.embed_texts(["a sentence", "another"])

    decoder = load_decoder(folder)   # a language model: Llama-style or Gemma 3
"""
import json
import os

from kiln.models.base import Encoder
from kiln.models.bert import BertEncoder
from kiln.models.decoder import Decoder
from kiln.models.gemma import GemmaEncoder
from kiln.models.gemma3 import Gemma3
from kiln.models.ggufmodel import gguf_file
from kiln.models.glove import GloveEncoder
from kiln.models.llama import Llama


def load(folder: str) -> Encoder:
    """The encoder of a model folder: average word embeddings when it has a
    0_WordEmbeddings module, a BERT encoder when its config.json says
    model_type "bert", EmbeddingGemma when it says "gemma3_text"."""
    if os.path.isdir(os.path.join(folder, "0_WordEmbeddings")):
        return GloveEncoder(folder)
    cfg_path = os.path.join(folder, "config.json")
    if not os.path.exists(cfg_path):
        raise ValueError(f"{folder}: not a model folder kiln knows (no config.json, no 0_WordEmbeddings)")
    with open(cfg_path) as f:
        cfg = json.load(f)
    kind = str(cfg.get("model_type", "bert"))
    if kind == "bert":
        return BertEncoder(folder)
    if kind == "gemma3_text":
        return GemmaEncoder(folder)
    raise ValueError(f"{folder}: model_type {kind!r} is not supported yet")


def load_decoder(folder: str, max_len: int = 2048) -> Decoder:
    """The decoder of a checkpoint folder, by config.json's model_type:
    Gemma 3 (gemma3_text, gemma3), else the Llama architecture (llama,
    qwen2, mistral; others are refused by name). A .gguf file, or a folder
    holding one, loads as the Llama architecture (kiln.models.ggufmodel)."""
    if gguf_file(folder) != "":
        return Llama(folder, max_len)
    with open(os.path.join(folder, "config.json")) as f:
        cfg = json.load(f)
    kind = str(cfg.get("model_type", ""))
    if kind == "gemma3_text" or kind == "gemma3":
        return Gemma3(folder, max_len)
    return Llama(folder, max_len)
