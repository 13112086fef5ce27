/** Bounds shared by every request schema. */
export const LIMITS = { text: 255, name: 120, personName: 60, password: 128, email: 254, token: 128, numero: 10, quantidade: 9999 } as const
