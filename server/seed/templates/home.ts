import { colorAxis, models, spec, words, type Template } from './types'

export const smartBulbs: Template = {
  type: 'bulb',
  weight: 2,
  noun: 'lâmpada inteligente',
  models: models({
    Positivo: [['Smart Lâmpada Wi-Fi 10W', 79.9]],
    Intelbras: [['EWS 410', 69.9]],
    Philips: [['Hue White and Color Ambiance 9W', 349]],
    Xiaomi: [['Mi Smart LED Bulb Essential', 99]],
    'TP-Link': [['Tapo L530E', 99]],
    Multilaser: [['Liv Smart 10W', 59.9]],
  }),
  pack: { h: [110, 130], l: [70, 80], w: [70, 80], g: [90, 150] },
  wholesale: 0.3,
  make(r, { model, withVariation }) {
    return {
      titulo: words('Lâmpada Inteligente', model.brand, model.name, 'RGB', 'Wi-Fi', 'Compatível com Alexa e Google', !withVariation && 'Bivolt'),
      specs: [
        spec('Potência', model.name.match(/\d+W/)?.[0] ?? '9W'),
        spec('Cores', '16 milhões + branco ajustável'),
        spec('Soquete', 'E27'),
        spec('Conexão', 'Wi-Fi 2,4 GHz'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price,
      color: 'Branco',
      features: ['Controle pelo celular de qualquer lugar', 'Comandos de voz com Alexa e Google Assistente', 'Rotinas para acender e apagar sozinha'],
      box: 'Lâmpada e manual',
      variation: withVariation
        ? {
            nome: 'Kit',
            options: [
              { name: '1 unidade', price: model.price },
              { name: '2 unidades', price: model.price * 1.85 },
              { name: '4 unidades', price: model.price * 3.5 },
            ],
          }
        : undefined,
    }
  },
}

export const smartPlugs: Template = {
  type: 'plug',
  weight: 1.5,
  noun: 'tomada inteligente',
  models: models({
    Positivo: [['Smart Plug Wi-Fi', 89.9]],
    Intelbras: [['EWS 301', 99]],
    'TP-Link': [['Tapo P100', 79.9]],
    Xiaomi: [['Smart Plug 2', 99]],
  }),
  pack: { h: [60, 80], l: [90, 110], w: [60, 75], g: [90, 140] },
  wholesale: 0.3,
  make(r, { model, withVariation }) {
    const amps = r.pick(['10A', '16A'])
    return {
      titulo: words('Tomada Inteligente', model.brand, model.name, !withVariation && amps, 'Wi-Fi', 'com Monitor de Consumo'),
      specs: [spec('Corrente máxima', amps), spec('Padrão', 'NBR 14136 (3 pinos)'), spec('Conexão', 'Wi-Fi 2,4 GHz'), spec('Voltagem', 'Bivolt')],
      price: model.price + (amps === '16A' ? 10 : 0),
      color: 'Branco',
      features: ['Liga e desliga aparelhos pelo celular', 'Programe horários e economize energia', 'Funciona com Alexa e Google'],
      box: 'Tomada inteligente e manual',
      variation: withVariation
        ? {
            nome: 'Corrente',
            options: [
              { name: '10A', price: model.price },
              { name: '16A', price: model.price + 10 },
            ],
          }
        : undefined,
    }
  },
}

export const smartSpeakers: Template = {
  type: 'smartspeaker',
  weight: 2,
  noun: 'assistente virtual',
  models: models({
    Amazon: [
      ['Echo Pop', 299],
      ['Echo Dot 5ª Geração', 399],
      ['Echo Show 5', 599],
      ['Echo Show 8', 999],
    ],
    Google: [
      ['Nest Mini 2ª Geração', 349],
      ['Nest Hub 2ª Geração', 699],
    ],
  }),
  pack: { h: [100, 160], l: [110, 220], w: [110, 160], g: [350, 1100] },
  make(r, { model, withVariation }) {
    const colors = ['Preto', 'Branco', 'Azul']
    const color = r.pick(colors)
    const screen = /Show|Hub/.test(model.name)
    return {
      titulo: words(
        model.brand === 'Amazon' ? 'Smart Speaker Amazon' : 'Smart Speaker Google',
        model.name,
        screen ? 'com Tela' : '',
        model.brand === 'Amazon' ? 'com Alexa' : 'com Google Assistente',
        !withVariation && color,
      ),
      specs: [
        spec('Assistente', model.brand === 'Amazon' ? 'Alexa' : 'Google Assistente'),
        spec('Tela', screen ? 'Sim' : 'Não'),
        spec('Conexão', 'Wi-Fi e Bluetooth'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: ['Toque músicas com um comando de voz', 'Controle lâmpadas e tomadas da casa', 'Alarmes, lembretes e notícias'],
      box: 'Dispositivo, fonte de alimentação e guia',
      variation: withVariation ? colorAxis(colors, model.price) : undefined,
    }
  },
}

export const securityCameras: Template = {
  type: 'seccam',
  weight: 2,
  noun: 'câmera de segurança',
  models: models({
    Intelbras: [
      ['iM3 C', 299],
      ['iM5 SC', 399],
      ['Mibo iC3', 249],
    ],
    'TP-Link': [
      ['Tapo C200', 199],
      ['Tapo C310', 349],
    ],
    Positivo: [['Smart Câmera 360°', 249]],
    Xiaomi: [['Smart Camera C300', 299]],
  }),
  pack: { h: [110, 140], l: [110, 140], w: [90, 110], g: [300, 500] },
  wholesale: 0.12,
  make(r, { model }) {
    const outdoor = /iM5|C310/.test(model.name)
    return {
      titulo: words('Câmera de Segurança Wi-Fi', model.brand, model.name, 'Full HD', outdoor ? 'Externa à Prova d’Água' : '360°', 'Visão Noturna'),
      specs: [
        spec('Resolução', 'Full HD 1080p'),
        spec('Visão noturna', 'Até 10 m'),
        spec('Áudio', 'Bidirecional'),
        spec('Armazenamento', 'microSD até 256GB ou nuvem'),
        spec('Uso', outdoor ? 'Externo (IP66)' : 'Interno'),
      ],
      price: model.price,
      color: 'Branco',
      features: ['Veja sua casa pelo celular em tempo real', 'Alerta de movimento com foto', 'Converse por áudio bidirecional'],
      box: 'Câmera, fonte, suporte e parafusos',
    }
  },
}

export const robotVacuums: Template = {
  type: 'robotvac',
  weight: 1.2,
  noun: 'robô aspirador',
  models: models({
    Xiaomi: [
      ['Robot Vacuum E10', 1299],
      ['Robot Vacuum S10', 1899],
    ],
    Samsung: [['Jet Bot', 2999]],
    Philips: [['Série 2000 XU2000', 1599]],
    Multilaser: [['Liv Smart', 899]],
  }),
  pack: { h: [110, 140], l: [420, 480], w: [420, 470], g: [4000, 5500] },
  make(r, { model, withVariation }) {
    return {
      titulo: words('Robô Aspirador', model.brand, model.name, 'Wi-Fi', 'Passa Pano', 'Mapeamento', !withVariation && 'Bivolt'),
      specs: [
        spec('Sucção', `${r.pick([2000, 2700, 4000])} Pa`),
        spec('Autonomia', `Até ${r.pick([90, 110, 130])} min`),
        spec('Navegação', 'Giroscópio / LiDAR'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price,
      color: r.pick(['Branco', 'Preto']),
      features: ['Aspira e passa pano sozinho', 'Volta para a base quando a bateria acaba', 'Agende a limpeza pelo aplicativo'],
      box: 'Robô, base de carregamento, escova lateral, mop e manual',
      variation: withVariation ? { nome: 'Voltagem', options: ['Bivolt', '110V', '220V'].map((name) => ({ name, price: model.price })) } : undefined,
    }
  },
}

export const chargers: Template = {
  type: 'charger',
  weight: 3,
  noun: 'carregador',
  models: models({
    Samsung: [
      ['Super Rápido 25W USB-C', 99.9],
      ['Super Rápido 45W USB-C', 179],
    ],
    Apple: [['Adaptador de Energia USB-C 20W', 199]],
    Baseus: [['GaN 65W 3 Portas', 249]],
    Anker: [['Nano 20W USB-C', 99]],
    Xiaomi: [['Turbo 33W USB-C', 89.9]],
    Multilaser: [['Turbo 3A USB', 39.9]],
  }),
  pack: { h: [30, 45], l: [100, 130], w: [60, 80], g: [80, 160] },
  wholesale: 0.3,
  make(r, { model }) {
    const watts = model.name.match(/(\d+)W/)?.[1] ?? '15'
    const withCable = r.chance(0.4)
    return {
      titulo: words(
        model.brand === 'Apple' ? 'Apple' : 'Carregador de Parede',
        model.brand === 'Apple' ? '' : model.brand,
        model.name,
        withCable && 'com Cabo USB-C',
      ),
      specs: [
        spec('Potência', `${watts}W`),
        spec('Saídas', model.name.includes('3 Portas') ? '2x USB-C, 1x USB-A' : model.name.includes('USB-C') ? '1x USB-C' : '1x USB-A'),
        spec('Padrão de tomada', 'Brasileiro'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price + (withCable ? 20 : 0),
      color: model.brand === 'Apple' ? 'Branco' : r.pick(['Branco', 'Preto']),
      features: ['Carregamento rápido e seguro', 'Proteção contra superaquecimento', 'Compacto para levar na bolsa'],
      box: withCable ? 'Carregador e cabo' : 'Carregador',
    }
  },
}

export const cables: Template = {
  type: 'cable',
  weight: 2.5,
  noun: 'cabo',
  models: models({
    Samsung: [['USB-C para USB-C 3A', 49.9]],
    Apple: [['USB-C para Lightning', 199]],
    Baseus: [['USB-C 100W', 69.9]],
    Anker: [['PowerLine USB-C', 59.9]],
    Multilaser: [['HDMI 2.0 4K', 29.9]],
    Intelbras: [['HDMI 2.1 8K', 59.9]],
  }),
  pack: { h: [20, 30], l: [150, 200], w: [100, 130], g: [50, 150] },
  wholesale: 0.35,
  make(r, { model, withVariation }) {
    const meters = r.pick([1, 1, 2, 3])
    return {
      titulo: words('Cabo', model.name, model.brand, !withVariation && `${meters}m`),
      specs: [
        spec('Comprimento', `${meters} m`),
        spec('Conectores', model.name.replace(/ \d.*$/, '')),
        spec('Material', r.pick(['Nylon trançado', 'TPE flexível'])),
      ],
      price: model.price + (meters - 1) * 10,
      color: r.pick(['Preto', 'Branco']),
      features: ['Reforço nas pontas contra dobras', 'Transferência de dados rápida', 'Testado para milhares de curvas'],
      box: 'Cabo',
      variation: withVariation ? { nome: 'Comprimento', options: [1, 2, 3].map((m) => ({ name: `${m}m`, price: model.price + (m - 1) * 10 })) } : undefined,
    }
  },
}

export const powerBanks: Template = {
  type: 'powerbank',
  weight: 2,
  noun: 'carregador portátil',
  models: models({
    Xiaomi: [
      ['Redmi 10000mAh', 129],
      ['Redmi 20000mAh', 199],
    ],
    Anker: [['PowerCore 10000mAh', 199]],
    Baseus: [['Magnético 10000mAh MagSafe', 249]],
    Samsung: [['Bateria Externa 10000mAh 25W', 249]],
    Multilaser: [['Power Bank 5000mAh', 59.9]],
  }),
  pack: { h: [30, 40], l: [150, 180], w: [90, 110], g: [200, 450] },
  wholesale: 0.15,
  make(r, { model, withVariation }) {
    const colors = ['Preto', 'Branco', 'Azul']
    const color = r.pick(colors)
    const mah = model.name.match(/(\d+)mAh/)?.[1] ?? '10000'
    return {
      titulo: words(
        'Carregador Portátil Power Bank',
        model.brand,
        model.name.replace(/^(Power Bank|Bateria Externa) /, ''),
        'Carga Rápida',
        !withVariation && color,
      ),
      specs: [spec('Capacidade', `${mah} mAh`), spec('Saídas', 'USB-C e USB-A'), spec('Carga rápida', 'Sim'), spec('Cor', color)],
      price: model.price,
      color,
      features: ['Carrega o celular mais de duas vezes', 'Indicador de bateria', 'Leve para levar na mochila'],
      box: 'Power bank e cabo USB-C',
      variation: withVariation ? colorAxis(colors, model.price) : undefined,
    }
  },
}

export const memoryCards: Template = {
  type: 'memorycard',
  weight: 2,
  noun: 'cartão de memória',
  models: models({
    SanDisk: [
      ['Ultra microSDXC', 49.9],
      ['Extreme microSDXC', 99],
    ],
    Kingston: [['Canvas Select Plus microSD', 45.9]],
    Samsung: [['EVO Plus microSDXC', 59.9]],
    Multilaser: [['microSD Classe 10', 29.9]],
  }),
  pack: { h: [8, 12], l: [100, 120], w: [70, 90], g: [15, 30] },
  wholesale: 0.35,
  make(r, { model, withVariation }) {
    const gb = r.pick([64, 128, 256])
    const factor = (g: number) => (g / 64) ** 0.8
    return {
      titulo: words('Cartão de Memória', model.brand, model.name, !withVariation && `${gb}GB`),
      specs: [
        spec('Capacidade', `${gb}GB`),
        spec('Classe', 'U3 / V30 / A2'),
        spec('Leitura', `Até ${r.pick([100, 150, 190])} MB/s`),
        spec('Adaptador SD', 'Incluso'),
      ],
      price: model.price * factor(gb),
      color: model.brand === 'SanDisk' ? 'Vermelho' : model.brand === 'Samsung' ? 'Azul' : 'Preto',
      features: ['Grave vídeos 4K sem travar', 'Resistente à água, impacto e raio-X', 'Ideal para celular, câmera e Nintendo Switch'],
      box: 'Cartão microSD e adaptador SD',
      variation: withVariation ? { nome: 'Capacidade', options: [64, 128, 256].map((g) => ({ name: `${g}GB`, price: model.price * factor(g) })) } : undefined,
    }
  },
}
