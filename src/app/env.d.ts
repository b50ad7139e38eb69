/// <reference types="svelte" />
/// <reference types="vite/client" />
declare module '*.svelte' {
  import type { Component } from 'svelte';
  // Props are typed where components are used (svelte-check reads the real files); plain tsc
  // only needs to know a .svelte import is a component that may take props.
  const component: Component<Record<string, unknown>>;
  export default component;
}
