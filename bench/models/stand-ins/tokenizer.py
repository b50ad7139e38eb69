"""A generated XLM-R-style tokenizer.json (SentencePiece Unigram, 250,002 pieces).

No npm or Debian package ships XLM-R's own sentencepiece model, so the vocabulary is learned
roughly from the project's data sets (English and Chinese): whole words, then word starts and
word pieces by how often they occur, scored by log frequency, filled up to XLM-R's size. What a
benchmark needs from it is XLM-R's layout (<s> … </s>, <pad> = 1, ids up to 250,001) and a
similar number of tokens per word (about 1.3 for English), so that a 100-token chunk is about as
much text as with the real tokenizer; the pieces themselves carry no meaning.
"""
import json
import math
import os
from collections import Counter

SPECIALS = ["<s>", "<pad>", "</s>", "<unk>"]
MASK = "<mask>"
SIZE = 250002  # multilingual-e5-small's and bge-reranker-base's tokenizers
SPACE = "\u2581"


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _words(data_dir: str) -> Counter:
    words = Counter()
    for root, _, files in os.walk(data_dir):
        for name in files:
            if not name.endswith(".jsonl"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as f:
                for line in f:
                    try:
                        record = json.loads(line)
                    except ValueError:
                        continue
                    for text in _strings(record):
                        words.update(text.split())
    return words


def _pieces(words: Counter) -> Counter:
    pieces = Counter()
    for word, n in words.items():
        marked = SPACE + word
        pieces[marked] += n * 4  # a whole word beats its parts, as in a trained vocabulary
        longest = 3 if len(word) > 24 else 8  # runs of Chinese have no spaces: pieces of 1-3 characters
        for start in range(len(marked)):
            for end in range(start + 1, min(len(marked), start + longest) + 1):
                pieces[marked[start:end]] += n
    return pieces


def build_vocab(data_dir: str):
    counted = _pieces(_words(data_dir))
    room = SIZE - len(SPECIALS) - 1
    chosen = [p for p, _ in counted.most_common(room)]
    # every character seen stays reachable, so nothing common falls to <unk>
    chars = {p for p in counted if len(p) == 1}
    chosen_set = set(chosen)
    missing = [c for c in chars if c not in chosen_set]
    if missing:
        chosen = chosen[: room - len(missing)] + missing
    total = sum(counted[p] for p in chosen)
    vocab = [[s, 0.0] for s in SPECIALS]
    vocab += [[p, math.log(counted[p] / total)] for p in chosen]
    # a small corpus has fewer distinct pieces than XLM-R: the rest are never matched, only counted
    floor = min(score for _, score in vocab[len(SPECIALS):]) - 1.0
    filler = 0
    while len(vocab) < SIZE - 1:
        vocab.append([f"{SPACE}<unused{filler}>", floor])
        filler += 1
    vocab.append([MASK, 0.0])
    return vocab


def _special(name: str, ident: int) -> dict:
    return {"id": ident, "content": name, "single_word": False, "lstrip": name == MASK, "rstrip": False, "normalized": False, "special": True}


def tokenizer_json(vocab) -> dict:
    seq = lambda ident: {"Sequence": {"id": ident, "type_id": 0}}
    tok = lambda name: {"SpecialToken": {"id": name, "type_id": 0}}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [_special(s, i) for i, s in enumerate(SPECIALS)] + [_special(MASK, SIZE - 1)],
        "normalizer": {"type": "NFKC"},
        "pre_tokenizer": {"type": "Metaspace", "replacement": SPACE, "prepend_scheme": "always", "split": True},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [tok("<s>"), seq("A"), tok("</s>")],
            "pair": [tok("<s>"), seq("A"), tok("</s>"), tok("</s>"), seq("B"), tok("</s>")],
            "special_tokens": {
                "<s>": {"id": "<s>", "ids": [0], "tokens": ["<s>"]},
                "</s>": {"id": "</s>", "ids": [2], "tokens": ["</s>"]},
            },
        },
        "decoder": {"type": "Metaspace", "replacement": SPACE, "prepend_scheme": "always", "split": True},
        "model": {"type": "Unigram", "unk_id": 3, "vocab": vocab, "byte_fallback": False},
    }


TOKENIZER_CONFIG = {
    "tokenizer_class": "XLMRobertaTokenizer",
    "model_max_length": 512,
    "bos_token": "<s>",
    "eos_token": "</s>",
    "sep_token": "</s>",
    "cls_token": "<s>",
    "unk_token": "<unk>",
    "pad_token": "<pad>",
    "mask_token": MASK,
}


def write_tokenizer(data_dir: str, out_dir: str) -> None:
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tokenizer_json(build_vocab(data_dir)), f, ensure_ascii=False)
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w", encoding="utf-8") as f:
        json.dump(TOKENIZER_CONFIG, f, indent=2)
