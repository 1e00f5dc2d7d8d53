export { SignInPanel } from './components/sign-in-panel';
