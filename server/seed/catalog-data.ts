import * as computing from './templates/computing'
import * as entertainment from './templates/entertainment'
import * as home from './templates/home'
import * as mobile from './templates/mobile'
import type { Template } from './templates/types'

export type SubcategoryDef = { titulo: string; template: Template }
export type CategoryDef = { titulo: string; suggested: boolean; subs: SubcategoryDef[] }

const sub = (titulo: string, template: Template): SubcategoryDef => ({ titulo, template })

/** The demo store's category tree, in menu order. Products always belong to a subcategory. */
export const CATEGORY_TREE: CategoryDef[] = [
  {
    titulo: 'Smartphones',
    suggested: true,
    subs: [
      sub('Smartphones Android', mobile.smartphonesAndroid),
      sub('iPhone', mobile.iphones),
      sub('Celulares Básicos', mobile.basicPhones),
      sub('Capas e Películas', mobile.casesAndFilms),
    ],
  },
  {
    titulo: 'Notebooks',
    suggested: true,
    subs: [
      sub('Notebooks para Estudo e Trabalho', computing.notebooks),
      sub('Notebooks Gamer', computing.gamingNotebooks),
      sub('Chromebooks', computing.chromebooks),
      sub('MacBooks', computing.macbooks),
    ],
  },
  {
    titulo: 'TVs',
    suggested: true,
    subs: [
      sub('Smart TVs', entertainment.smartTvs),
      sub('TVs OLED e QLED', entertainment.premiumTvs),
      sub('Soundbars', entertainment.soundbars),
      sub('Projetores', entertainment.projectors),
    ],
  },
  {
    titulo: 'Áudio',
    suggested: true,
    subs: [
      sub('Fones de Ouvido', entertainment.headphones),
      sub('Fones Bluetooth', entertainment.earbuds),
      sub('Caixas de Som', entertainment.speakers),
      sub('Microfones', entertainment.microphones),
    ],
  },
  {
    titulo: 'Games',
    suggested: true,
    subs: [
      sub('Consoles', entertainment.consoles),
      sub('Controles', entertainment.controllers),
      sub('Jogos', entertainment.games),
      sub('Headsets Gamer', entertainment.gamingHeadsets),
    ],
  },
  {
    titulo: 'Informática e Periféricos',
    suggested: true,
    subs: [
      sub('Mouses', computing.mice),
      sub('Teclados', computing.keyboards),
      sub('Monitores', computing.monitors),
      sub('Impressoras', computing.printers),
      sub('Webcams', computing.webcams),
    ],
  },
  {
    titulo: 'Casa Inteligente',
    suggested: true,
    subs: [
      sub('Lâmpadas Inteligentes', home.smartBulbs),
      sub('Tomadas Inteligentes', home.smartPlugs),
      sub('Assistentes Virtuais', home.smartSpeakers),
      sub('Câmeras de Segurança', home.securityCameras),
      sub('Aspiradores Robô', home.robotVacuums),
    ],
  },
  {
    titulo: 'Tablets',
    suggested: false,
    subs: [sub('Tablets Android', mobile.androidTablets), sub('iPad', mobile.ipads), sub('Leitores Digitais', mobile.ereaders)],
  },
  {
    titulo: 'Câmeras',
    suggested: false,
    subs: [
      sub('Câmeras Digitais', entertainment.cameras),
      sub('Câmeras de Ação', entertainment.actionCams),
      sub('Lentes', entertainment.lenses),
      sub('Drones', entertainment.drones),
    ],
  },
  {
    titulo: 'Wearables',
    suggested: false,
    subs: [sub('Smartwatches', mobile.smartwatches), sub('Smartbands', mobile.smartbands), sub('Relógios Esportivos GPS', mobile.gpsWatches)],
  },
  {
    titulo: 'Acessórios',
    suggested: false,
    subs: [sub('Carregadores', home.chargers), sub('Cabos', home.cables), sub('Power Banks', home.powerBanks), sub('Cartões de Memória', home.memoryCards)],
  },
  {
    titulo: 'Componentes',
    suggested: false,
    subs: [sub('Placas de Vídeo', computing.gpus), sub('SSDs', computing.ssds), sub('Memória RAM', computing.ramModules), sub('Processadores', computing.cpus)],
  },
  {
    titulo: 'Redes',
    suggested: false,
    subs: [
      sub('Roteadores', computing.routers),
      sub('Repetidores e Mesh', computing.meshSystems),
      sub('Switches', computing.switches),
      sub('Adaptadores Wi-Fi', computing.wifiAdapters),
    ],
  },
]

/** Every brand a template uses, in first-use order. */
export function brandNames(): string[] {
  const seen = new Set<string>()
  for (const cat of CATEGORY_TREE) for (const s of cat.subs) for (const m of s.template.models) seen.add(m.brand)
  return [...seen]
}
