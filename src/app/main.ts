import { mount } from 'svelte';
import { createWorkerClient } from '../client/worker-client.ts';
import App from './App.svelte';
import './styles.css';

const client = createWorkerClient();
mount(App, { target: document.getElementById('app')!, props: { client } });
