import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { logout } from '../lib/session';
import { setupTestI18n } from './i18n';

setupTestI18n();
// findBy and waitFor wait up to 1 s by default; on a loaded 2-core CI machine a menu that opens
// after a lazy chunk and a few renders took longer (a flaky compose test). They still return at once.
configure({ asyncUtilTimeout: 4000 });

// Mantine reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// Mantine's autosize textarea subscribes to font loading and unsubscribes again.
Object.defineProperty(document, 'fonts', {
  value: {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    ready: Promise.resolve(),
  },
});

afterEach(() => {
  cleanup();
  logout();
  localStorage.clear();
  vi.unstubAllGlobals();
});
