import { reasons } from './reason'

/**
 * The published demo passwords (README): what a login with one of them is told when it may not
 * open the account from here (docs/decisions/0122-live-mode.md).
 */
export const DEMO_ACCESS = reasons('demo', {
  customerPasswordPublished: [
    'forbidden',
    'Esta conta ainda usa a senha de demonstração, que é pública. Crie uma senha nova em "Esqueci minha senha" para entrar.',
  ],
  staffPasswordPublished: [
    'forbidden',
    'Esta conta ainda usa a senha de demonstração, que é pública. Defina uma senha nova em "Esqueci minha senha" ou peça ao Dono da loja.',
  ],
  onlyFromThisMachine: [
    'forbidden',
    'As senhas de demonstração só entram a partir do computador onde a loja roda (localhost). Para mostrar a demonstração na rede, inicie a loja com DEMO_OPEN_TO_NETWORK=true.',
  ],
})
