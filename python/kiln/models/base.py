"""The interface every kiln.models encoder has, and the sentence-transformers
modules that follow a transformer in a model folder (modules.json: Pooling,
Dense, Normalize; sentence_bert_config.json's max_seq_length;
config_sentence_transformers.json's prompts)."""
import json
import os

import numpy as np
from kiln import nn
from safetensors.numpy import load_file
from tokenizers import Tokenizer


def stored_dtypes(path: str) -> dict[str, str]:
    """The dtype each tensor of a safetensors file is stored in ("F32",
    "BF16", ...), read from the file's header: CPython's numpy has no
    bfloat16, so the loaded arrays cannot tell a bfloat16 checkpoint."""
    with open(path, "rb") as f:
        head = f.read(8)
        n = 0
        for i in range(len(head)):
            n |= head[i] << (8 * i)
        header = json.loads(f.read(n).decode("utf-8"))
    out: dict[str, str] = {}
    for name in header:
        if str(name) != "__metadata__":
            out[str(name)] = str(header[name]["dtype"])
    return out


class Encoder:
    """A sentence encoder loaded from a model folder. prompt is prepended to
    every text (use_prompt picks one of the folder's named prompts);
    truncate_dim > 0 keeps that many leading components of each vector and
    normalises again (Matryoshka embeddings)."""

    def __init__(self, dim: int):
        self.dim = dim
        self.prompts: dict[str, str] = {}
        self.prompt = ""
        self.truncate_dim = 0

    def use_prompt(self, name: str) -> None:
        """Prepend the folder's prompt called name (config_sentence_transformers.json)."""
        if name not in self.prompts:
            known = ", ".join(sorted(self.prompts.keys()))
            raise ValueError(f"no prompt named {name!r} (this model has: {known})")
        self.prompt = self.prompts[name]

    def truncate(self, dim: int) -> None:
        """Matryoshka truncation: vectors of dim components, normalised."""
        if dim <= 0 or dim > self.dim:
            raise ValueError(f"truncate: dimension {dim} is not between 1 and {self.dim}")
        self.truncate_dim = dim

    def finish(self, out: np.ndarray) -> np.ndarray:
        """The model's vectors as the caller asked: truncated and normalised
        again when truncate_dim is set."""
        if self.truncate_dim <= 0 or self.truncate_dim == self.dim:
            return out
        out = out[:, :self.truncate_dim]
        norms = np.sqrt((out * out).sum(axis=1, keepdims=True))
        return out / np.maximum(norms, 1e-12)

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        """One float32 vector per text: an array (len(texts), dim)."""
        raise NotImplementedError("an Encoder subclass embeds texts")


class SentenceModules:
    """What sentence-transformers does after the transformer, as the folder's
    modules.json lists it: Pooling (mean or CLS token), Dense layers (weight
    out x in, optional bias, identity or tanh), Normalize."""

    def __init__(self, folder: str, dim: int, max_positions: int):
        self.pooling = "mean"
        self.include_prompt = True
        self.normalize = False
        self.dense_w: list[np.ndarray] = []
        self.dense_b: list[np.ndarray] = []
        self.dense_tanh: list[bool] = []
        self.dim = dim
        self.max_seq_length = max_positions
        self.prompts: dict[str, str] = {}
        self.default_prompt = ""
        modules_path = os.path.join(folder, "modules.json")
        if os.path.exists(modules_path):
            with open(modules_path) as f:
                modules = json.load(f)
            for m in modules:
                kind = str(m["type"])
                path = str(m["path"])
                if kind.endswith("Pooling"):
                    self.read_pooling(folder, path)
                elif kind.endswith("Dense"):
                    self.read_dense(folder, path)
                elif kind.endswith("Normalize"):
                    self.normalize = True
        st_path = os.path.join(folder, "sentence_bert_config.json")
        if os.path.exists(st_path):
            with open(st_path) as f:
                st = json.load(f)
            n = st.get("max_seq_length", None)
            if n is not None:
                self.max_seq_length = min(int(n), max_positions)
        prompts_path = os.path.join(folder, "config_sentence_transformers.json")
        if os.path.exists(prompts_path):
            with open(prompts_path) as f:
                pc = json.load(f)
            prompts = pc.get("prompts", None)
            if prompts is not None:
                for name in prompts:
                    self.prompts[str(name)] = str(prompts[name])
            default = pc.get("default_prompt_name", None)
            if default is not None:
                if str(default) not in self.prompts:
                    raise ValueError(f"{folder}: default_prompt_name {str(default)!r} is not one of the prompts")
                self.default_prompt = self.prompts[str(default)]

    def read_pooling(self, folder: str, path: str) -> None:
        with open(os.path.join(folder, path, "config.json")) as f:
            pc = json.load(f)
        self.include_prompt = bool(pc.get("include_prompt", True))
        if bool(pc.get("pooling_mode_cls_token", False)):
            self.pooling = "cls"
        elif bool(pc.get("pooling_mode_mean_tokens", False)):
            self.pooling = "mean"
        else:
            raise ValueError(f"{folder}/{path}: only mean and CLS pooling are supported")

    def read_dense(self, folder: str, path: str) -> None:
        with open(os.path.join(folder, path, "config.json")) as f:
            dc = json.load(f)
        n_in = int(dc["in_features"])
        n_out = int(dc["out_features"])
        act = str(dc.get("activation_function", "torch.nn.modules.linear.Identity"))
        if act.endswith("Identity"):
            self.dense_tanh.append(False)
        elif act.endswith("Tanh"):
            self.dense_tanh.append(True)
        else:
            raise ValueError(f"{folder}/{path}: Dense activation {act!r} is not supported (Identity, Tanh are)")
        if n_in != self.dim:
            raise ValueError(f"{folder}/{path}: Dense in_features {n_in} does not follow dimension {self.dim}")
        w = load_file(os.path.join(folder, path, "model.safetensors"))
        if "linear.weight" not in w:
            raise ValueError(f"{folder}/{path}: model.safetensors has no linear.weight")
        weight = w["linear.weight"]
        if weight.shape != (n_out, n_in):
            raise ValueError(f"{folder}/{path}: linear.weight is {weight.shape}, config says ({n_out}, {n_in})")
        self.dense_w.append(weight)
        if bool(dc.get("bias", True)):
            self.dense_b.append(w["linear.bias"])
        else:
            self.dense_b.append(np.zeros(n_out, dtype=weight.dtype))
        self.dim = n_out

    def pooling_mask(self, tok: Tokenizer, prompt: str, keep: np.ndarray) -> np.ndarray:
        """The attention mask the Pooling module uses: without a prompt's
        first tokens when the Pooling config says include_prompt false. As
        sentence-transformers counts them: the prompt's encoding with special
        tokens, less one."""
        if self.include_prompt or prompt == "":
            return keep
        n = len(tok.encode(prompt).ids) - 1
        out = keep.copy()
        out[:, :n] = False
        return out

    def apply(self, x: np.ndarray, keep: np.ndarray) -> np.ndarray:
        """Sentence vectors (batch, dim) from token states x (batch, seq,
        hidden) and the attention mask keep (batch, seq)."""
        if self.pooling == "cls":
            out = x[:, 0, :]
        else:
            m = keep.astype(x.dtype)[:, :, None]
            out = (x * m).sum(axis=1) / np.maximum(m.sum(axis=1), 1e-9)
        for i in range(len(self.dense_w)):
            out = nn.linear(out, self.dense_w[i], self.dense_b[i])
            if self.dense_tanh[i]:
                out = np.tanh(out)
        if self.normalize:
            norms = np.sqrt((out * out).sum(axis=1, keepdims=True))
            out = out / np.maximum(norms, 1e-12)
        return out
