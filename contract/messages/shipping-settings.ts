import { reasons } from './reason'

/** The "Frete" settings of /admin/frete (docs/decisions/0133-shipping-settings-and-free-shipping.md). */
export const SHIPPING_SETTINGS = reasons('shippingSettings', {
  changed: ['conflict', 'Outra pessoa mudou as configurações de frete enquanto você editava: recarregamos a página, confira e salve de novo.'],
  origemCep: ['invalid', (cep: string) => `O CEP de origem ${cep} não está em nenhuma faixa de CEP conhecida.`],
  origemUf: ['invalid', (cep: string, uf: string) => `O CEP de origem ${cep} é de ${uf}: corrija a UF ou o CEP.`],
})
