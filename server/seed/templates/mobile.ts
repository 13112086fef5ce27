import { colorAxis, dec, models, spec, words, type Template } from './types'

const ANDROID_COLORS = ['Preto', 'Grafite', 'Azul Escuro', 'Verde', 'Lilás', 'Prata']
const IPHONE_COLORS = ['Preto', 'Branco', 'Azul', 'Rosa', 'Verde']
const IPHONE_PRO_COLORS = ['Titânio Natural', 'Titânio Preto', 'Titânio Branco', 'Titânio Deserto']
const TABLET_COLORS = ['Grafite', 'Prata', 'Azul', 'Cinza']
const WATCH_COLORS = ['Preto', 'Prata', 'Grafite', 'Rosa', 'Azul', 'Verde']

const storageAxis = (sizes: number[], base: number, step: number) => ({
  nome: 'Capacidade',
  options: sizes.map((gb, i) => ({ name: gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`, price: base + i * step })),
})

export const smartphonesAndroid: Template = {
  type: 'phone',
  weight: 12,
  noun: 'smartphone',
  models: models({
    Samsung: [
      ['Galaxy A06', 799],
      ['Galaxy A16 5G', 1199],
      ['Galaxy A26 5G', 1599],
      ['Galaxy A56 5G', 2399],
      ['Galaxy S25 FE', 3999],
      ['Galaxy S25', 5499],
      ['Galaxy S25 Ultra', 8499],
    ],
    Motorola: [
      ['Moto G05', 749],
      ['Moto G35 5G', 999],
      ['Moto G75 5G', 1699],
      ['Edge 50 Fusion', 2199],
      ['Edge 50 Pro', 3299],
      ['Razr 50', 4999],
    ],
    Xiaomi: [
      ['Redmi 14C', 899],
      ['Redmi Note 14', 1499],
      ['Redmi Note 14 Pro 5G', 2299],
      ['Poco X7 Pro', 2599],
      ['Xiaomi 15', 5999],
    ],
  }),
  pack: { h: [55, 75], l: [165, 185], w: [85, 100], g: [380, 520] },
  make(r, { model, tier, withVariation }) {
    const ram = tier < 0.2 ? 4 : tier < 0.45 ? r.pick([6, 8]) : tier < 0.75 ? 8 : 12
    const storage = tier < 0.2 ? r.pick([64, 128]) : tier < 0.6 ? r.pick([128, 256]) : r.pick([256, 512])
    const screen = r.pick([6.5, 6.6, 6.7, 6.8])
    const camera = tier < 0.3 ? '50MP' : tier < 0.8 ? 'Tripla 50MP' : 'Tripla 200MP'
    const color = r.pick(ANDROID_COLORS)
    const axis = withVariation ? r.pick(['Cor', 'Capacidade']) : null
    const price = model.price + (storage >= 256 ? 300 : 0)
    const is5g = model.name.includes('5G') || tier > 0.5
    return {
      titulo: words(
        'Smartphone',
        model.brand,
        model.name,
        is5g && !model.name.includes('5G') && '5G',
        axis !== 'Capacidade' && `${storage}GB`,
        `${ram}GB RAM`,
        `Tela ${dec(screen)}"`,
        `Câmera ${camera}`,
        axis !== 'Cor' && color,
      ),
      specs: [
        spec('Tela', `${dec(screen)}" ${tier > 0.35 ? 'AMOLED' : 'LCD'} ${tier > 0.35 ? '120Hz' : '90Hz'}`),
        spec('Processador', tier > 0.7 ? 'Octa-core 3,3 GHz' : 'Octa-core 2,2 GHz'),
        spec('Memória RAM', `${ram}GB`),
        spec('Armazenamento', `${storage}GB`),
        spec('Câmera traseira', camera),
        spec('Câmera frontal', tier > 0.5 ? '32MP' : '13MP'),
        spec('Bateria', `${r.pick([5000, 5000, 5200, 4700])} mAh`),
        spec('Sistema operacional', 'Android 15'),
        spec('Conectividade', is5g ? '5G, Wi-Fi 6, Bluetooth 5.3, NFC' : '4G, Wi-Fi 5, Bluetooth 5.0'),
        spec('Cor', color),
      ],
      price,
      color,
      features: [
        `Tela de ${dec(screen)} polegadas com cores vivas e ótima leitura sob o sol`,
        `Câmera ${camera} com modo noturno e estabilização`,
        'Bateria para o dia inteiro com carregamento rápido',
        `${storage}GB de espaço para fotos, vídeos e apps`,
        is5g ? 'Conexão 5G para downloads muito mais rápidos' : 'Dual chip com 4G',
        'Leitor de digitais e desbloqueio facial',
      ],
      box: 'Smartphone, cabo USB-C, ferramenta para chip e guia rápido',
      variation:
        axis === 'Cor'
          ? colorAxis(r.sample(ANDROID_COLORS, 3), price)
          : axis === 'Capacidade'
            ? storageAxis([128, 256], model.price, tier > 0.6 ? 500 : 300)
            : undefined,
    }
  },
}

export const iphones: Template = {
  type: 'phone',
  weight: 5,
  noun: 'iPhone',
  models: models({
    Apple: [
      ['iPhone 13', 3999],
      ['iPhone 15', 5299],
      ['iPhone 16e', 4599],
      ['iPhone 16', 6499],
      ['iPhone 16 Plus', 7299],
      ['iPhone 16 Pro', 8999],
      ['iPhone 16 Pro Max', 9999],
    ],
  }),
  pack: { h: [40, 55], l: [165, 180], w: [85, 95], g: [330, 420] },
  make(r, { model, withVariation }) {
    const pro = model.name.includes('Pro')
    const colors = pro ? IPHONE_PRO_COLORS : IPHONE_COLORS
    const color = r.pick(colors)
    const storage = r.pick(pro ? [256, 512] : [128, 256])
    const axis = withVariation ? r.pick(['Cor', 'Capacidade']) : null
    const screen = model.name.includes('Plus') || model.name.includes('Max') ? 6.7 : model.name.includes('Pro') ? 6.3 : 6.1
    const price = model.price + (storage >= 256 && !pro ? 800 : storage >= 512 ? 1500 : 0)
    return {
      titulo: words('Apple', model.name, axis !== 'Capacidade' && `${storage}GB`, axis !== 'Cor' && color, `Tela ${dec(screen)}"`, pro ? 'Câmera 48MP' : '5G'),
      specs: [
        spec('Tela', `${dec(screen)}" Super Retina XDR`),
        spec(
          'Processador',
          model.name.includes('16') ? (pro ? 'Chip A18 Pro' : 'Chip A18') : model.name.includes('15') ? 'Chip A16 Bionic' : 'Chip A15 Bionic',
        ),
        spec('Armazenamento', `${storage}GB`),
        spec('Câmera traseira', pro ? 'Tripla 48MP + 48MP + 12MP' : 'Dupla 48MP + 12MP'),
        spec('Câmera frontal', '12MP TrueDepth'),
        spec('Sistema operacional', 'iOS 18'),
        spec('Conectividade', '5G, Wi-Fi 7, Bluetooth 5.3, NFC, USB-C'),
        spec('Cor', color),
      ],
      price,
      color,
      features: [
        'Tela Super Retina XDR com brilho altíssimo',
        pro ? 'Sistema de câmeras Pro com zoom óptico' : 'Câmera de 48MP com fotos de alta resolução',
        'Recursos de segurança como Detecção de Acidente',
        'Resistente a respingos, água e poeira',
        'Conector USB-C e carregamento MagSafe',
      ],
      box: 'iPhone e cabo USB-C (1 m)',
      variation:
        axis === 'Cor'
          ? colorAxis(r.sample(colors, 3), price)
          : axis === 'Capacidade'
            ? storageAxis(pro ? [256, 512, 1024] : [128, 256, 512], model.price, pro ? 1500 : 1000)
            : undefined,
    }
  },
}

export const basicPhones: Template = {
  type: 'featurephone',
  weight: 2,
  noun: 'celular',
  models: models({
    Positivo: [
      ['P26', 149],
      ['P41', 199],
      ['P71', 299],
    ],
    Multilaser: [
      ['Vita', 229],
      ['Zapp', 129],
      ['Flip Vita', 349],
    ],
  }),
  pack: { h: [40, 50], l: [130, 150], w: [70, 85], g: [200, 280] },
  wholesale: 0.1,
  make(r, { model }) {
    const color = r.pick(['Preto', 'Vermelho', 'Azul'])
    const senior = model.name.includes('Vita')
    return {
      titulo: words('Celular', model.brand, model.name, senior ? 'para Idosos com Botão SOS' : 'Dual Chip', color),
      specs: [
        spec('Tela', senior ? '2,4" colorida' : '1,8" colorida'),
        spec('Rede', '2G/3G'),
        spec('Câmera', 'VGA'),
        spec('Bateria', `${r.pick([800, 1000, 1200])} mAh`),
        spec('Recursos', senior ? 'Teclas grandes, botão SOS, lanterna' : 'Rádio FM, lanterna, MP3'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: ['Bateria que dura dias', 'Teclado físico fácil de usar', 'Rádio FM sem fone', 'Dual chip para separar trabalho e pessoal'],
      box: 'Celular, bateria, carregador e manual',
    }
  },
}

export const casesAndFilms: Template = {
  type: 'phonecase',
  weight: 3,
  noun: 'capa',
  models: models({
    Samsung: [
      ['Galaxy A56', 79],
      ['Galaxy S25', 149],
      ['Galaxy A16', 59],
    ],
    Apple: [
      ['iPhone 16', 399],
      ['iPhone 16 Pro', 399],
    ],
    Baseus: [
      ['iPhone 15', 69],
      ['Galaxy S24', 69],
    ],
    Multilaser: [
      ['Moto G75', 39],
      ['Redmi Note 14', 39],
    ],
  }),
  pack: { h: [15, 25], l: [170, 200], w: [90, 110], g: [40, 90] },
  wholesale: 0.3,
  make(r, { model, withVariation }) {
    const film = r.chance(0.35)
    const color = film ? 'Transparente' : r.pick(['Preto', 'Azul', 'Rosa', 'Transparente', 'Verde'])
    const material = model.brand === 'Apple' ? 'Silicone com MagSafe' : r.pick(['Silicone', 'Anti-impacto', 'Transparente Reforçada'])
    if (film) {
      return {
        titulo: words('Película de Vidro 3D para', model.name),
        specs: [spec('Compatibilidade', model.name), spec('Material', 'Vidro temperado 9H'), spec('Acabamento', 'Borda 3D')],
        price: model.price * 0.5,
        color,
        features: ['Vidro temperado dureza 9H', 'Não atrapalha o leitor de digitais', 'Fácil aplicação sem bolhas'],
        box: 'Película, lenço de limpeza e adesivo removedor de poeira',
      }
    }
    const axis = withVariation && color !== 'Transparente'
    return {
      titulo: words('Capa', material, 'para', model.name, !axis && color),
      specs: [spec('Compatibilidade', model.name), spec('Material', material), spec('Cor', color)],
      price: model.price,
      color,
      features: ['Proteção contra quedas e arranhões', 'Bordas elevadas protegem tela e câmera', 'Recortes precisos para botões e conectores'],
      box: 'Capa protetora',
      variation: axis ? colorAxis(['Preto', 'Azul', 'Rosa', 'Verde'], model.price) : undefined,
    }
  },
}

export const androidTablets: Template = {
  type: 'tablet',
  weight: 4,
  noun: 'tablet',
  models: models({
    Samsung: [
      ['Galaxy Tab A9', 1099],
      ['Galaxy Tab A9+', 1499],
      ['Galaxy Tab S9 FE', 2999],
      ['Galaxy Tab S10+', 6999],
    ],
    Lenovo: [
      ['Tab M11', 1399],
      ['Tab P12', 2499],
    ],
    Xiaomi: [
      ['Redmi Pad SE', 1299],
      ['Pad 6', 2499],
    ],
    Multilaser: [['M10', 799]],
    Positivo: [['Tab Q10', 699]],
  }),
  pack: { h: [45, 60], l: [270, 320], w: [180, 220], g: [700, 1000] },
  make(r, { model, tier, withVariation }) {
    const ram = tier < 0.3 ? 4 : tier < 0.7 ? 6 : 8
    const storage = tier < 0.3 ? 64 : tier < 0.7 ? 128 : 256
    const screen = r.pick([10.1, 11, 11, 12.4])
    const color = r.pick(TABLET_COLORS)
    const axis = withVariation ? r.pick(['Cor', 'Capacidade']) : null
    const lte = r.chance(0.3)
    return {
      titulo: words(
        'Tablet',
        model.brand,
        model.name,
        axis !== 'Capacidade' && `${storage}GB`,
        `${ram}GB RAM`,
        `Tela ${dec(screen)}"`,
        lte ? '4G + Wi-Fi' : 'Wi-Fi',
        axis !== 'Cor' && color,
      ),
      specs: [
        spec('Tela', `${dec(screen)}" ${tier > 0.6 ? 'AMOLED 120Hz' : 'LCD 90Hz'}`),
        spec('Memória RAM', `${ram}GB`),
        spec('Armazenamento', `${storage}GB (expansível via microSD)`),
        spec('Bateria', `${r.pick([7040, 8000, 8400, 10090])} mAh`),
        spec('Sistema operacional', 'Android 14'),
        spec('Conectividade', lte ? '4G, Wi-Fi 5, Bluetooth 5.3' : 'Wi-Fi 5, Bluetooth 5.3'),
        spec('Cor', color),
      ],
      price: model.price + (lte ? 300 : 0),
      color,
      features: [
        'Tela grande para séries, estudos e leitura',
        'Alto-falantes estéreo com som envolvente',
        'Bateria de longa duração',
        'Modo infantil com controle dos pais',
      ],
      box: 'Tablet, cabo USB-C e ferramenta para chip',
      variation:
        axis === 'Cor' ? colorAxis(r.sample(TABLET_COLORS, 2), model.price) : axis === 'Capacidade' ? storageAxis([64, 128], model.price, 300) : undefined,
    }
  },
}

export const ipads: Template = {
  type: 'tablet',
  weight: 2,
  noun: 'iPad',
  models: models({
    Apple: [
      ['iPad 10ª geração', 3799],
      ['iPad mini A17 Pro', 5499],
      ['iPad Air M2', 6199],
      ['iPad Pro M4', 11999],
    ],
  }),
  pack: { h: [40, 55], l: [260, 310], w: [190, 220], g: [700, 950] },
  make(r, { model, withVariation }) {
    const colors = ['Cinza-espacial', 'Prateado', 'Azul', 'Roxo']
    const color = r.pick(colors)
    const storage = r.pick([128, 256])
    const screen = model.name.includes('mini') ? 8.3 : model.name.includes('Pro') ? 11 : 10.9
    return {
      titulo: words('Apple', model.name, `Tela ${dec(screen)}"`, withVariation ? null : `${storage}GB`, 'Wi-Fi', !withVariation && color),
      specs: [
        spec('Tela', `${dec(screen)}" Liquid Retina`),
        spec('Armazenamento', `${storage}GB`),
        spec('Câmera', '12MP grande-angular'),
        spec('Sistema operacional', 'iPadOS 18'),
        spec('Conectividade', 'Wi-Fi 6E, Bluetooth 5.3, USB-C'),
        spec('Cor', color),
      ],
      price: model.price + (storage === 256 ? 1000 : 0),
      color,
      features: ['Compatível com Apple Pencil', 'Tela Liquid Retina de cores precisas', 'Bateria para o dia todo', 'Touch ID no botão superior'],
      box: 'iPad e cabo USB-C',
      variation: withVariation ? storageAxis([128, 256, 512], model.price, 1000) : undefined,
    }
  },
}

export const ereaders: Template = {
  type: 'ereader',
  weight: 1.5,
  noun: 'leitor digital',
  models: models({
    Amazon: [
      ['Kindle 11ª geração', 549],
      ['Kindle Paperwhite', 899],
      ['Kindle Colorsoft', 1599],
    ],
  }),
  pack: { h: [25, 35], l: [190, 210], w: [130, 150], g: [300, 400] },
  make(r, { model }) {
    const color = r.pick(['Preto', 'Verde', 'Azul'])
    const storage = model.name.includes('11ª') ? 16 : r.pick([16, 32])
    return {
      titulo: words(model.name, `${storage}GB`, color),
      specs: [
        spec(
          'Tela',
          model.name.includes('Colorsoft')
            ? '7" colorida antirreflexo'
            : model.name.includes('Paperwhite')
              ? '7" antirreflexo 300 ppi'
              : '6" antirreflexo 300 ppi',
        ),
        spec('Armazenamento', `${storage}GB`),
        spec('Bateria', 'Até 12 semanas'),
        spec('Resistência', model.name.includes('11ª') ? 'Não' : 'À prova d’água IPX8'),
        spec('Cor', color),
      ],
      price: model.price + (storage === 32 ? 150 : 0),
      color,
      features: ['Leitura como no papel, sem reflexo', 'Luz ajustável para ler à noite', 'Milhares de livros em um aparelho leve', 'Bateria que dura semanas'],
      box: 'Kindle e cabo USB-C',
    }
  },
}

export const smartwatches: Template = {
  type: 'watch',
  weight: 4,
  noun: 'smartwatch',
  models: models({
    Apple: [
      ['Watch SE GPS', 2499],
      ['Watch Series 10 GPS', 4299],
      ['Watch Ultra 2', 8999],
    ],
    Samsung: [
      ['Galaxy Watch FE', 1299],
      ['Galaxy Watch7', 1999],
      ['Galaxy Watch Ultra', 4999],
    ],
    Xiaomi: [
      ['Redmi Watch 5 Active', 349],
      ['Redmi Watch 5', 699],
      ['Watch S4', 1299],
    ],
    Huawei: [
      ['Watch GT 5', 1799],
      ['Watch Fit 3', 999],
    ],
  }),
  pack: { h: [70, 90], l: [110, 130], w: [90, 110], g: [250, 400] },
  make(r, { model, withVariation }) {
    const color = r.pick(WATCH_COLORS)
    const ultra = model.name.includes('Ultra')
    const size = ultra ? 49 : r.pick([40, 44])
    const axis = withVariation ? (ultra ? 'Cor' : r.pick(['Cor', 'Tamanho'])) : null
    return {
      titulo: words(
        'Smartwatch',
        model.brand,
        model.name,
        axis !== 'Tamanho' && `${size}mm`,
        'Tela AMOLED',
        'Monitor Cardíaco',
        axis !== 'Cor' && `Pulseira ${color}`,
      ),
      specs: [
        spec('Tela', `AMOLED ${size >= 44 ? '1,9"' : '1,6"'}`),
        spec('Tamanho da caixa', `${size}mm`),
        spec('Sensores', 'Frequência cardíaca, SpO2, acelerômetro, giroscópio'),
        spec('GPS', 'Integrado'),
        spec('Resistência', ultra ? '100 m (10 ATM)' : '50 m (5 ATM)'),
        spec('Bateria', model.brand === 'Apple' ? 'Até 18 horas' : `Até ${r.pick([7, 10, 14])} dias`),
        spec('Cor', color),
      ],
      price: model.price + (size === 44 ? 200 : 0),
      color,
      features: [
        'Monitoramento de sono, estresse e batimentos',
        'Mais de 100 modos de treino',
        'Notificações do celular no pulso',
        'Resistente à água para natação',
      ],
      box: 'Relógio, pulseira e base de carregamento',
      variation:
        axis === 'Cor'
          ? colorAxis(r.sample(WATCH_COLORS, 3), model.price)
          : axis === 'Tamanho'
            ? {
                nome: 'Tamanho',
                options: [
                  { name: '40mm', price: model.price },
                  { name: '44mm', price: model.price + 200 },
                ],
              }
            : undefined,
    }
  },
}

export const smartbands: Template = {
  type: 'band',
  weight: 2,
  noun: 'smartband',
  models: models({
    Xiaomi: [
      ['Smart Band 9', 299],
      ['Smart Band 9 Pro', 499],
    ],
    Samsung: [['Galaxy Fit3', 399]],
    Huawei: [['Band 9', 349]],
  }),
  pack: { h: [35, 50], l: [100, 120], w: [60, 80], g: [90, 150] },
  wholesale: 0.1,
  make(r, { model, withVariation }) {
    const colors = ['Preto', 'Rosa', 'Azul', 'Prata']
    const color = r.pick(colors)
    return {
      titulo: words('Smartband', model.brand, model.name, !withVariation && color),
      specs: [spec('Tela', 'AMOLED 1,6"'), spec('Bateria', `Até ${r.pick([14, 21])} dias`), spec('Resistência', '5 ATM'), spec('Cor', color)],
      price: model.price,
      color,
      features: ['Leve e confortável para usar o dia todo', 'Monitoramento de sono e oxigenação', 'Mais de 150 modos esportivos'],
      box: 'Smartband, pulseira e cabo de carregamento',
      variation: withVariation ? colorAxis(r.sample(colors, 3), model.price) : undefined,
    }
  },
}

export const gpsWatches: Template = {
  type: 'watch',
  weight: 2,
  noun: 'relógio GPS',
  models: models({
    Garmin: [
      ['Forerunner 165', 2299],
      ['Forerunner 265', 3499],
      ['Instinct 2 Solar', 2499],
      ['Venu Sq 2', 1899],
      ['Fenix 8', 7999],
    ],
    Huawei: [['Watch GT 5 Pro', 2499]],
  }),
  pack: { h: [70, 90], l: [110, 140], w: [90, 110], g: [250, 380] },
  make(r, { model }) {
    const color = r.pick(['Preto', 'Grafite', 'Branco', 'Azul'])
    return {
      titulo: words('Relógio Esportivo', model.brand, model.name, 'com GPS Multibanda', color),
      specs: [
        spec('GPS', 'Multibanda (GPS, GLONASS, Galileo)'),
        spec('Tela', model.name.includes('Instinct') ? 'MIP transflectiva' : 'AMOLED'),
        spec('Bateria', `Até ${r.pick([11, 13, 16])} dias em modo relógio`),
        spec('Resistência', '5 ATM'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: ['Métricas avançadas de corrida e ciclismo', 'Planos de treino adaptativos', 'Pagamentos por aproximação', 'Mapas e navegação no pulso'],
      box: 'Relógio, cabo de carregamento e manual',
    }
  },
}
