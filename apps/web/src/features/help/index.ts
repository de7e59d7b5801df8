export { AboutPage } from './routes/AboutPage';
export { SetupPage } from './routes/SetupPage';
export { SetupWindowsPage } from './routes/SetupWindowsPage';
export { UsaCyclingPage } from './routes/UsaCyclingPage';
export { SandboxPage } from './routes/SandboxPage';
