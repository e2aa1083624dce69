/** Where 'Contact Support' writes to; a deployment names its own address at build time. */
export const SUPPORT_EMAIL: string =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@bookstudio.app';
