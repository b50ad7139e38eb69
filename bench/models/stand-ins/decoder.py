"""A Qwen2-style decoder (Qwen2.5-0.5B's compute) with its key/value cache, in plain torch.

It takes and returns what transformers.js feeds a decoder-only model exported by optimum:
input_ids, attention_mask (past and new positions), position_ids and past_key_values.<i>.key/value
of shape [batch, kv_heads, past, head_dim]; it returns logits and present.<i>.key/value with the
new positions appended. Grouped-query attention (each key/value head serves heads / kv_heads query
heads), rotary positions, RMSNorm, a SwiGLU feed-forward, biases on q/k/v only, and the output
projection tied to the embeddings, as in Qwen2.
"""
import torch
from torch import nn


class RmsNorm(nn.Module):
    def __init__(self, size: int, eps: float):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class Layer(nn.Module):
    def __init__(self, hidden: int, heads: int, kv_heads: int, ffn: int, eps: float):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, hidden // heads
        self.input_norm = RmsNorm(hidden, eps)
        self.q = nn.Linear(hidden, heads * self.head_dim)
        self.k = nn.Linear(hidden, kv_heads * self.head_dim)
        self.v = nn.Linear(hidden, kv_heads * self.head_dim)
        self.o = nn.Linear(heads * self.head_dim, hidden, bias=False)
        self.post_norm = RmsNorm(hidden, eps)
        self.gate = nn.Linear(hidden, ffn, bias=False)
        self.up = nn.Linear(hidden, ffn, bias=False)
        self.down = nn.Linear(ffn, hidden, bias=False)

    def forward(self, x, cos, sin, mask, past_k, past_v):
        b, s, _ = x.shape
        h = self.input_norm(x)
        q = self.q(h).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k(h).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v(h).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k = torch.cat([past_k, k], dim=2)
        v = torch.cat([past_v, v], dim=2)
        # each key/value head serves `group` query heads (expand and reshape: repeat_interleave's
        # export took its sizes from the example)
        group = self.heads // self.kv_heads
        kk = k.unsqueeze(2).expand(b, self.kv_heads, group, k.shape[2], self.head_dim).reshape(b, self.heads, -1, self.head_dim)
        vv = v.unsqueeze(2).expand(b, self.kv_heads, group, v.shape[2], self.head_dim).reshape(b, self.heads, -1, self.head_dim)
        scores = torch.matmul(q, kk.transpose(2, 3)) / (self.head_dim ** 0.5) + mask
        attended = torch.matmul(torch.softmax(scores, dim=-1), vv).transpose(1, 2).reshape(b, s, -1)
        x = x + self.o(attended)
        h = self.post_norm(x)
        x = x + self.down(nn.functional.silu(self.gate(h)) * self.up(h))
        return x, k, v


class Qwen2Decoder(nn.Module):
    def __init__(self, vocab: int, hidden: int, layers: int, heads: int, kv_heads: int, ffn: int, rope_theta: float, eps: float, **_):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.layers = nn.ModuleList([Layer(hidden, heads, kv_heads, ffn, eps) for _ in range(layers)])
        self.norm = RmsNorm(hidden, eps)
        head_dim = hidden // heads
        self.register_buffer("inv_freq", 1.0 / (rope_theta ** (torch.arange(0, head_dim, 2).float() / head_dim)), persistent=False)

    def forward(self, input_ids, attention_mask, position_ids, *past):
        s = input_ids.shape[1]
        total = attention_mask.shape[1]
        x = self.embed(input_ids)
        freqs = position_ids.unsqueeze(-1).float() * self.inv_freq
        angles = torch.cat([freqs, freqs], dim=-1).unsqueeze(1)
        cos, sin = angles.cos(), angles.sin()
        # a new position sees every earlier position the attention mask keeps, and itself
        query_at = torch.arange(s).unsqueeze(-1) + (total - s)
        causal = torch.arange(total).unsqueeze(0) <= query_at
        allowed = causal.unsqueeze(0).unsqueeze(0) & attention_mask.bool().unsqueeze(1).unsqueeze(1)
        mask = (1.0 - allowed.float()) * torch.finfo(torch.float32).min
        presents = []
        for i, layer in enumerate(self.layers):
            x, k, v = layer(x, cos, sin, mask, past[2 * i], past[2 * i + 1])
            presents += [k, v]
        logits = torch.matmul(self.norm(x), self.embed.weight.t())
        return (logits, *presents)
