// Plausible fiscal data for the demo catalog (docs/decisions/0129-nfe.md): the NCM of each
// subcategory's goods as the TIPI classifies them, and an EAN-13 under the Brazilian prefix 789 whose
// check digit is right. A real store takes them from its suppliers and its accountant.
import { isGtin } from '../../contract/fiscal'

const NCM_BY_SUBCATEGORY: Record<string, string> = {
  'Smartphones Android': '85171300',
  iPhone: '85171300',
  'Celulares Básicos': '85171300',
  'Capas e Películas': '39269090',
  'Notebooks para Estudo e Trabalho': '84713012',
  'Notebooks Gamer': '84713012',
  Chromebooks: '84713012',
  MacBooks: '84713012',
  'Smart TVs': '85287200',
  'TVs OLED e QLED': '85287200',
  Soundbars: '85182200',
  Projetores: '85286200',
  'Fones de Ouvido': '85183000',
  'Fones Bluetooth': '85183000',
  'Caixas de Som': '85182200',
  Microfones: '85181090',
  Consoles: '95045000',
  Controles: '95045000',
  Jogos: '85234990',
  'Headsets Gamer': '85183000',
  Mouses: '84716053',
  Teclados: '84716052',
  Monitores: '85285220',
  Impressoras: '84433231',
  Webcams: '85258929',
  'Lâmpadas Inteligentes': '85395000',
  'Tomadas Inteligentes': '85369090',
  'Assistentes Virtuais': '85176277',
  'Câmeras de Segurança': '85258929',
  'Aspiradores Robô': '85081100',
  'Tablets Android': '84713019',
  iPad: '84713019',
  'Leitores Digitais': '84713019',
  'Câmeras Digitais': '85258929',
  'Câmeras de Ação': '85258929',
  Lentes: '90021120',
  Drones: '88062200',
  Smartwatches: '85176299',
  Smartbands: '85176299',
  'Relógios Esportivos GPS': '91021900',
  Carregadores: '85044010',
  Cabos: '85444200',
  'Power Banks': '85076000',
  'Cartões de Memória': '85235110',
  'Placas de Vídeo': '84733049',
  SSDs: '84717012',
  'Memória RAM': '84733042',
  Processadores: '85423190',
  Roteadores: '85176259',
  'Repetidores e Mesh': '85176259',
  Switches: '85176239',
  'Adaptadores Wi-Fi': '85176259',
}

/** The NCM of a subcategory's products; null for one this table does not know (such a product cannot be invoiced). */
export const demoNcm = (subcategory: string): string | null => NCM_BY_SUBCATEGORY[subcategory] ?? null

/** The demo product's EAN-13: 789, a fixed company prefix, the product's index, the check digit. */
export function demoGtin(index: number): string {
  const first12 = `7890000${String(index % 100_000).padStart(5, '0')}`
  for (let d = 0; d <= 9; d++) if (isGtin(`${first12}${d}`)) return `${first12}${d}`
  throw new Error('sem dígito verificador')
}
