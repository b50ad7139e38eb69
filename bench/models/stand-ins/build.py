"""Builds the production-shaped stand-ins into a folder, in the layout transformers.js loads:

    <out>/Xenova/multilingual-e5-small/   12 x 384, 12 heads, FFN 1536, vocab 250,037, 514 positions
    <out>/Xenova/bge-reranker-base/       12 x 768, 12 heads, FFN 3072, vocab 250,002, 1 label
    <out>/onnx-community/Qwen2.5-0.5B-Instruct/
                                          24 x 896, 14 heads (2 key/value heads), FFN 4864,
                                          vocab 151,936, with its key/value cache

each with config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx (fp32; not kept for
the generator, whose fp32 file passes protobuf's 2 GB) and onnx/model_quantized.onnx (q8, what the
app loads on WebAssembly). Random weights: for speed, never for answers. Run by the models
benchmark (bench/models/stand-ins.ts) with Debian's python3-torch and python3-onnx:

    python3 bench/models/stand-ins/build.py --out DIR --data ../shared/data [--only e5|reranker|qwen]
"""
import argparse
import json
import os
import shutil
import time

import onnx
import torch

from decoder import Qwen2Decoder
from encoder import XlmrEncoder
from quantize import quantize_dynamic
from tokenizer import write_tokenizer

# Opset 17: LayerNormalization as one node, and well inside what onnxruntime-web 1.31 and
# onnxruntime-node 1.30 run (both take opsets up to 21).
OPSET = 17

MODELS = {
    "e5": {
        "repo": "Xenova/multilingual-e5-small",
        "shape": dict(vocab=250037, hidden=384, layers=12, heads=12, ffn=1536, max_positions=514),
        "architecture": "XLMRobertaModel",
        "output": "last_hidden_state",
    },
    "reranker": {
        "repo": "Xenova/bge-reranker-base",
        "shape": dict(vocab=250002, hidden=768, layers=12, heads=12, ffn=3072, max_positions=514, labels=1),
        "architecture": "XLMRobertaForSequenceClassification",
        "output": "logits",
    },
    "qwen": {
        "repo": "onnx-community/Qwen2.5-0.5B-Instruct",
        "shape": dict(vocab=151936, hidden=896, layers=24, heads=14, kv_heads=2, ffn=4864, rope_theta=1000000.0, eps=1e-6),
        "architecture": "Qwen2ForCausalLM",
        "decoder": True,
    },
}


def decoder_config(spec: dict) -> dict:
    s = spec["shape"]
    return {
        "architectures": [spec["architecture"]],
        "model_type": "qwen2",
        "vocab_size": s["vocab"],
        "hidden_size": s["hidden"],
        "num_hidden_layers": s["layers"],
        "num_attention_heads": s["heads"],
        "num_key_value_heads": s["kv_heads"],
        "intermediate_size": s["ffn"],
        "hidden_act": "silu",
        "max_position_embeddings": 32768,
        "rope_theta": s["rope_theta"],
        "rms_norm_eps": s["eps"],
        "tie_word_embeddings": True,
        "use_cache": True,
        "bos_token_id": 151643,
        "eos_token_id": 151645,
        "stand_in": "random weights in the shape of the real model, for speed measurements only",
    }


def config(spec: dict) -> dict:
    if spec.get("decoder"):
        return decoder_config(spec)
    s = spec["shape"]
    c = {
        "architectures": [spec["architecture"]],
        "model_type": "xlm-roberta",
        "vocab_size": s["vocab"],
        "hidden_size": s["hidden"],
        "num_hidden_layers": s["layers"],
        "num_attention_heads": s["heads"],
        "intermediate_size": s["ffn"],
        "max_position_embeddings": s["max_positions"],
        "type_vocab_size": 1,
        "hidden_act": "gelu",
        "layer_norm_eps": 1e-5,
        "pad_token_id": 1,
        "bos_token_id": 0,
        "eos_token_id": 2,
        "stand_in": "random weights in the shape of the real model, for speed measurements only",
    }
    if s.get("labels"):
        c["id2label"] = {"0": "LABEL_0"}
        c["label2id"] = {"LABEL_0": 0}
    return c


def random_model(spec: dict, seed: int) -> torch.nn.Module:
    torch.manual_seed(seed)
    kind = Qwen2Decoder if spec.get("decoder") else XlmrEncoder
    model = kind(**spec["shape"]).eval()
    with torch.no_grad():
        # a trained model's scale (BERT's initialiser), so q8's activation ranges are like a real one's
        for name, p in model.named_parameters():
            if "norm" in name:
                p.fill_(1.0 if name.endswith("weight") else 0.0)
            elif p.dim() >= 2:
                p.normal_(0, 0.02)
            else:
                p.zero_()
    return model


def export_decoder(model: Qwen2Decoder, spec: dict, path: str) -> None:
    s = spec["shape"]
    head_dim = s["hidden"] // s["heads"]
    past, new = 2, 3
    ids = torch.tensor([[9707, 11, 1879]])
    mask = torch.ones(1, past + new, dtype=torch.int64)
    positions = torch.arange(past, past + new).unsqueeze(0)
    cache = [torch.zeros(1, s["kv_heads"], past, head_dim) for _ in range(2 * s["layers"])]
    names = [f"past_key_values.{i}.{kv}" for i in range(s["layers"]) for kv in ("key", "value")]
    presents = [f"present.{i}.{kv}" for i in range(s["layers"]) for kv in ("key", "value")]
    axes = {"input_ids": {0: "batch_size", 1: "sequence_length"}, "attention_mask": {0: "batch_size", 1: "total_sequence_length"},
            "position_ids": {0: "batch_size", 1: "sequence_length"}, "logits": {0: "batch_size", 1: "sequence_length"}}
    axes.update({n: {0: "batch_size", 2: "past_sequence_length"} for n in names})
    axes.update({n: {0: "batch_size", 2: "total_sequence_length"} for n in presents})
    with torch.no_grad():
        torch.onnx.export(model, (ids, mask, positions, *cache), path, input_names=["input_ids", "attention_mask", "position_ids", *names],
                          output_names=["logits", *presents], dynamic_axes=axes, opset_version=OPSET, do_constant_folding=True)


def export(model: torch.nn.Module, spec: dict, path: str) -> None:
    if spec.get("decoder"):
        return export_decoder(model, spec, path)
    ids = torch.tensor([[0, 581, 10323, 2], [0, 581, 2, 1]])
    mask = torch.tensor([[1, 1, 1, 1], [1, 1, 1, 0]])
    out = spec["output"]
    axes = {"input_ids": {0: "batch_size", 1: "sequence_length"}, "attention_mask": {0: "batch_size", 1: "sequence_length"}}
    axes[out] = {0: "batch_size"} if out == "logits" else {0: "batch_size", 1: "sequence_length"}
    torch.onnx.export(model, (ids, mask), path, input_names=["input_ids", "attention_mask"], output_names=[out],
                      dynamic_axes=axes, opset_version=OPSET, do_constant_folding=True)


def build(name: str, out_dir: str, tokenizer_dir: str) -> None:
    """Builds one stand-in; `tokenizer_dir` holds the tokenizer.json and tokenizer_config.json it takes."""
    spec = MODELS[name]
    folder = os.path.join(out_dir, spec["repo"])
    partial = folder + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    os.makedirs(os.path.join(partial, "onnx"))
    t0 = time.time()
    decoder = spec.get("decoder", False)
    # past 2 GB, torch writes the weights beside the graph: the generator's fp32 goes to a folder of its own
    fp32 = os.path.join(partial, "fp32", "model.onnx") if decoder else os.path.join(partial, "onnx", "model.onnx")
    os.makedirs(os.path.dirname(fp32), exist_ok=True)
    export(random_model(spec, seed=len(name)), spec, fp32)
    onnx.save(quantize_dynamic(onnx.load(fp32)), os.path.join(partial, "onnx", "model_quantized.onnx"))
    if decoder:
        shutil.rmtree(os.path.dirname(fp32))
        with open(os.path.join(partial, "generation_config.json"), "w") as f:
            json.dump({"bos_token_id": 151643, "eos_token_id": [151645, 151643], "pad_token_id": 151643, "do_sample": False}, f, indent=2)
    for f in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(os.path.join(tokenizer_dir, f), partial)
    with open(os.path.join(partial, "config.json"), "w") as f:
        json.dump(config(spec), f, indent=2)
    sizes = {f: os.path.getsize(os.path.join(partial, "onnx", f)) for f in sorted(os.listdir(os.path.join(partial, "onnx")))}
    with open(os.path.join(partial, "PROVENANCE.txt"), "w") as f:
        f.write(f"Stand-in for {spec['repo']}: random weights, built by bench/models/stand-ins/build.py\n"
                f"torch {torch.__version__}, onnx {onnx.__version__}, opset {OPSET}; shape {spec['shape']}\n"
                f"files: {sizes}\n")
    # the folder appears whole or not at all: an interrupted build is not mistaken for a finished one
    shutil.rmtree(folder, ignore_errors=True)
    os.rename(partial, folder)
    print(f"built {spec['repo']} in {time.time() - t0:.0f} s: {sizes}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--data", required=True, help="the data sets the tokenizer's pieces are counted in")
    parser.add_argument("--only", choices=sorted(MODELS))
    args = parser.parse_args()
    # the encoders share a generated XLM-R-style tokenizer, made once (it counts pieces over the data
    # sets); the generator takes the real Qwen tokenizer and chat template of the tiny test generator
    # (Qwen3 shares Qwen2.5's vocabulary)
    xlmr_dir = os.path.join(args.out, ".tokenizer")
    qwen_dir = os.path.join(args.data, "..", "models", "tiny-random-qwen3")
    for name in [args.only] if args.only else MODELS:
        decoder = MODELS[name].get("decoder", False)
        if not decoder and not os.path.exists(os.path.join(xlmr_dir, "tokenizer.json")):
            write_tokenizer(args.data, xlmr_dir)
        build(name, args.out, qwen_dir if decoder else xlmr_dir)


if __name__ == "__main__":
    main()
