"""An XLM-RoBERTa encoder in plain torch, random weights, for export to ONNX.

Debian has torch but no `transformers`, so the architecture is written out here: the compute of
multilingual-e5-small or bge-reranker-base (same layers, same widths, same vocabulary size)
without their meaning. Speed measurements need the shapes, not the training.
"""
import math

import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self, hidden: int, heads: int, ffn: int):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(hidden, hidden)
        self.key = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, hidden)
        self.attention_out = nn.Linear(hidden, hidden)
        self.attention_norm = nn.LayerNorm(hidden, eps=1e-5)
        self.up = nn.Linear(hidden, ffn)
        self.down = nn.Linear(ffn, hidden)
        self.out_norm = nn.LayerNorm(hidden, eps=1e-5)

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        b, s, hidden = x.shape
        width = hidden // self.heads

        def split(t: torch.Tensor) -> torch.Tensor:
            return t.view(b, s, self.heads, width).transpose(1, 2)

        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        p = torch.softmax(torch.matmul(q, k.transpose(2, 3)) / math.sqrt(width) + bias, dim=-1)
        o = torch.matmul(p, v).transpose(1, 2).reshape(b, s, hidden)
        x = self.attention_norm(self.attention_out(o) + x)
        return self.out_norm(self.down(nn.functional.gelu(self.up(x))) + x)


class XlmrEncoder(nn.Module):
    """Token vectors (`last_hidden_state`), or one logit per sequence when `labels` is given."""

    PAD = 1  # XLM-R's <pad>, also its position padding index

    def __init__(self, vocab: int, hidden: int, layers: int, heads: int, ffn: int, max_positions: int, labels: int = 0):
        super().__init__()
        self.words = nn.Embedding(vocab, hidden)
        self.positions = nn.Embedding(max_positions, hidden)
        self.token_type = nn.Embedding(1, hidden)
        self.norm = nn.LayerNorm(hidden, eps=1e-5)
        self.layers = nn.ModuleList(Layer(hidden, heads, ffn) for _ in range(layers))
        self.labels = labels
        if labels:
            # RobertaClassificationHead: dense + tanh on <s>, then the projection to the labels.
            self.head_dense = nn.Linear(hidden, hidden)
            self.head_out = nn.Linear(hidden, labels)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        # XLM-R counts positions from padding_idx + 1 over the real tokens only.
        mask = attention_mask.to(torch.int64)
        positions = torch.cumsum(mask, dim=1) * mask + self.PAD
        x = self.words(input_ids) + self.positions(positions) + self.token_type.weight[0]
        x = self.norm(x)
        neg = torch.finfo(torch.float32).min
        bias = (1.0 - attention_mask[:, None, None, :].to(torch.float32)) * neg
        for layer in self.layers:
            x = layer(x, bias)
        if not self.labels:
            return x
        return self.head_out(torch.tanh(self.head_dense(x[:, 0])))
