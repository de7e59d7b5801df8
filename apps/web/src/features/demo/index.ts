export { DemoPage } from './routes/DemoPage';
