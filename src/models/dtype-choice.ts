/**
 * Which of a model's ONNX files (its dtype) to load where it will run. The registry names each
 * model's default file, the one Loci was tuned with; a device that runs that file badly gets the
 * nearest one it runs well, among the files the registry says the model has:
 *
 * - On the CPU (onnxruntime-web's WebAssembly, onnxruntime-node's CPU provider) 16-bit floats are
 *   emulated, slowly: an f16 default gives way to q8, else q4, else fp32.
 * - On WebGPU without `shader-f16` an f16 file does not run at all; and q8, transformers.js's
 *   dynamically quantized file (`model_quantized.onnx`), runs its MatMulInteger and
 *   DynamicQuantizeLinear nodes on the CPU, since the WebGPU provider has no kernel for either:
 *   with onnxruntime-web 1.31.0-dev in Chromium, the q8 file of tiny-lexical-bert-zh placed 20 of
 *   its 80 nodes on the CPU and needed 14 copies between the two, its fp32 file 3 (those of the
 *   shape arithmetic every model has), and tiny-random-qwen3's q4 file, whose MatMulNBits WebGPU
 *   runs, 4. So a q8 default gives way on WebGPU to fp16 (with shader-f16), else fp32, else q4.
 * - CUDA (onnxruntime-node built with it) keeps the default: nothing here was measured on it.
 *
 * A model whose files are not listed (an id typed by a person) keeps its default: there is no
 * knowing which other files it has.
 */
import type { ModelDtype, ModelInfo } from './registry.ts';

/** Where the model runs: transformers.js's device names, `cpu` and `wasm` both meaning the CPU. */
export type DtypeDevice = 'webgpu' | 'wasm' | 'cpu' | 'cuda';

const F16: readonly ModelDtype[] = ['fp16', 'q4f16'];

export function chooseDtype(model: Pick<ModelInfo, 'dtype' | 'dtypes'>, device: DtypeDevice, shaderF16 = false): ModelDtype {
  const preferred = alternatives(model.dtype, device, shaderF16);
  if (!preferred) return model.dtype;
  return preferred.find((dtype) => model.dtypes.includes(dtype)) ?? model.dtype;
}

/** The files to try instead of `dtype`, best first; undefined when `dtype` itself runs well there. */
function alternatives(dtype: ModelDtype, device: DtypeDevice, shaderF16: boolean): readonly ModelDtype[] | undefined {
  if (device === 'cuda') return undefined;
  if (device === 'cpu' || device === 'wasm') return F16.includes(dtype) ? ['q8', 'q4', 'fp32'] : undefined;
  if (F16.includes(dtype)) return shaderF16 ? undefined : dtype === 'q4f16' ? ['q4', 'fp32', 'q8'] : ['fp32', 'q4', 'q8'];
  if (dtype === 'q8') return shaderF16 ? ['fp16', 'fp32', 'q4f16', 'q4'] : ['fp32', 'q4'];
  return undefined;
}
