import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Used by Storybook (it merges this config); the library itself is consumed from source.
export default defineConfig({
  plugins: [react(), tailwindcss()],
});
