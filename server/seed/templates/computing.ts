import { colorAxis, dec, models, spec, words, type Template } from './types'

const CPUS_OFFICE = ['Intel Core i3-1315U', 'Intel Core i5-1334U', 'AMD Ryzen 5 7520U', 'Intel Core i7-1355U', 'AMD Ryzen 7 7730U']
const CPUS_GAMER = ['Intel Core i5-13420H', 'AMD Ryzen 7 7435HS', 'Intel Core i7-13650HX', 'Intel Core i9-14900HX']
const GPUS_GAMER = ['RTX 3050 6GB', 'RTX 4050 6GB', 'RTX 4060 8GB', 'RTX 4070 8GB']

const byTier = <T>(list: readonly T[], tier: number): T => list[Math.min(list.length - 1, Math.floor(tier * list.length))]

export const notebooks: Template = {
  type: 'laptop',
  weight: 7,
  noun: 'notebook',
  models: models({
    Dell: [
      ['Inspiron 15', 3299],
      ['Inspiron 14 2 em 1', 4599],
      ['Vostro 15', 3599],
    ],
    Lenovo: [
      ['IdeaPad 1', 2199],
      ['IdeaPad Slim 3', 2899],
      ['ThinkPad E14', 4999],
    ],
    Acer: [
      ['Aspire Go 15', 2299],
      ['Aspire 5', 3199],
      ['Swift Go 14', 4999],
    ],
    Asus: [
      ['Vivobook 15', 2799],
      ['Zenbook 14 OLED', 5999],
    ],
    Samsung: [
      ['Galaxy Book4', 3499],
      ['Galaxy Book4 Pro', 7999],
    ],
    Positivo: [
      ['Vision C14', 1599],
      ['Motion Q464C', 1899],
    ],
    HP: [
      ['256 G9', 2799],
      ['Pavilion 15', 4299],
    ],
  }),
  pack: { h: [60, 80], l: [420, 480], w: [280, 330], g: [2200, 3000] },
  make(r, { model, tier, withVariation }) {
    const cpu = model.brand === 'Positivo' ? 'Intel Celeron N4020' : byTier(CPUS_OFFICE, tier)
    const ram = tier < 0.25 ? 4 : tier < 0.6 ? 8 : 16
    const ssd = tier < 0.25 ? 128 : tier < 0.6 ? 256 : 512
    const screen = r.pick([14, 15.6, 15.6])
    const color = r.pick(['Prata', 'Cinza', 'Grafite', 'Azul'])
    const price = model.price + (ssd === 512 ? 300 : 0)
    return {
      titulo: words(
        'Notebook',
        model.brand,
        model.name,
        cpu,
        `${ram}GB RAM`,
        !withVariation && `SSD ${ssd}GB`,
        `Tela ${dec(screen)}"`,
        'Full HD',
        'Windows 11',
        color,
      ),
      specs: [
        spec('Processador', cpu),
        spec('Memória RAM', `${ram}GB DDR4`),
        spec('Armazenamento', `SSD ${ssd}GB NVMe`),
        spec('Tela', `${dec(screen)}" Full HD antirreflexo`),
        spec('Placa de vídeo', 'Integrada'),
        spec('Sistema operacional', 'Windows 11 Home'),
        spec('Bateria', `${r.pick([3, 4])} células, até ${r.pick([8, 10, 12])} horas`),
        spec('Peso', `${dec(r.pick([1.4, 1.6, 1.7, 1.8]))} kg`),
        spec('Conexões', 'USB-C, 2x USB-A, HDMI, Wi-Fi 6, Bluetooth 5.2'),
        spec('Cor', color),
      ],
      price,
      color,
      features: [
        'Inicialização rápida com SSD',
        'Teclado numérico confortável',
        'Webcam HD com proteção de privacidade',
        'Leve para levar na mochila',
        'Ideal para estudos, trabalho e home office',
      ],
      box: 'Notebook, carregador e manual',
      variation: withVariation
        ? {
            nome: 'Capacidade',
            options: [
              { name: `SSD ${ssd}GB`, price: model.price },
              { name: `SSD ${ssd * 2}GB`, price: model.price + 400 },
            ],
          }
        : undefined,
    }
  },
}

export const gamingNotebooks: Template = {
  type: 'laptop',
  weight: 4,
  noun: 'notebook gamer',
  models: models({
    Acer: [
      ['Nitro V15', 4999],
      ['Predator Helios Neo 16', 9999],
    ],
    Asus: [
      ['TUF Gaming F15', 5499],
      ['ROG Strix G16', 10999],
    ],
    Lenovo: [
      ['LOQ 15', 5299],
      ['Legion 5', 8999],
    ],
    Dell: [['G15', 6499]],
  }),
  pack: { h: [70, 90], l: [450, 500], w: [300, 340], g: [3200, 4000] },
  make(r, { model, tier }) {
    const cpu = byTier(CPUS_GAMER, tier)
    const gpu = byTier(GPUS_GAMER, tier)
    const ram = tier < 0.5 ? r.pick([16, 24]) : 32
    const hz = tier < 0.4 ? 144 : 165
    const ssd = r.pick(['512GB', '1TB'])
    const color = r.pick(['Preto', 'Cinza'])
    return {
      titulo: words('Notebook Gamer', model.brand, model.name, cpu, gpu, `${ram}GB RAM`, `SSD ${ssd}`, `Tela 15,6" ${hz}Hz`, 'Windows 11', color),
      specs: [
        spec('Processador', cpu),
        spec('Placa de vídeo', `NVIDIA GeForce ${gpu}`),
        spec('Memória RAM', `${ram}GB DDR5`),
        spec('Armazenamento', `SSD ${ssd} NVMe PCIe 4.0`),
        spec('Tela', `15,6" Full HD IPS ${hz}Hz`),
        spec('Teclado', 'Retroiluminado RGB, padrão ABNT2'),
        spec('Sistema operacional', 'Windows 11 Home'),
        spec('Cor', 'Preto'),
      ],
      price: model.price,
      color,
      features: [
        `Placa de vídeo ${gpu} com DLSS e Ray Tracing`,
        `Tela de ${hz}Hz para jogos fluidos`,
        'Refrigeração com dupla ventoinha',
        'Teclado RGB retroiluminado',
      ],
      box: 'Notebook, fonte de alimentação e manual',
    }
  },
}

export const chromebooks: Template = {
  type: 'laptop',
  weight: 1.5,
  noun: 'Chromebook',
  models: models({
    Samsung: [['Galaxy Chromebook Go', 1499]],
    Acer: [['Chromebook 314', 1699]],
    Positivo: [['N4100', 1299]],
    Multilaser: [['M11C', 1199]],
  }),
  pack: { h: [55, 70], l: [330, 380], w: [230, 270], g: [1500, 2000] },
  make(r, { model }) {
    const color = r.pick(['Prata', 'Cinza', 'Preto'])
    const screen = model.name.includes('314') ? 14 : 11.6
    return {
      titulo: words(!model.name.includes('Chromebook') && 'Chromebook', model.brand, model.name, `Tela ${dec(screen)}"`, '4GB RAM 64GB', color),
      specs: [
        spec('Processador', 'Intel Celeron N4500'),
        spec('Memória RAM', '4GB'),
        spec('Armazenamento', '64GB eMMC'),
        spec('Tela', `${dec(screen)}" HD`),
        spec('Sistema operacional', 'ChromeOS'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: ['Liga em segundos e atualiza sozinho', 'Bateria para o dia de aula inteiro', 'Apps do Google e da Play Store'],
      box: 'Chromebook e carregador',
    }
  },
}

export const macbooks: Template = {
  type: 'laptop',
  weight: 1.5,
  noun: 'MacBook',
  models: models({
    Apple: [
      ['MacBook Air 13" M2', 7999],
      ['MacBook Air 13" M3', 9499],
      ['MacBook Air 15" M3', 11999],
      ['MacBook Pro 14" M4', 15999],
    ],
  }),
  pack: { h: [50, 70], l: [350, 400], w: [250, 290], g: [1800, 2400] },
  make(r, { model, withVariation }) {
    const colors = ['Cinza-espacial', 'Prateado', 'Meia-noite', 'Estelar']
    const color = r.pick(colors)
    const chip = model.name.split(' ').pop() ?? 'M3'
    return {
      titulo: words('Apple', model.name, `Chip ${chip}`, '16GB RAM', 'SSD 256GB', !withVariation && color),
      specs: [
        spec('Processador', `Apple ${chip}, CPU de 8 núcleos`),
        spec('Memória RAM', '16GB unificada'),
        spec('Armazenamento', 'SSD 256GB'),
        spec('Tela', 'Liquid Retina'),
        spec('Sistema operacional', 'macOS'),
        spec('Bateria', 'Até 18 horas'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: ['Desempenho incrível com o chip da Apple', 'Silencioso, sem ventoinha', 'Bateria para o dia todo', 'Tela Liquid Retina brilhante'],
      box: 'MacBook, adaptador de energia USB-C e cabo USB-C para MagSafe 3',
      variation: withVariation ? colorAxis(r.sample(colors, 3), model.price) : undefined,
    }
  },
}

export const mice: Template = {
  type: 'mouse',
  weight: 4,
  noun: 'mouse',
  models: models({
    Logitech: [
      ['M90', 39.9],
      ['M170', 69.9],
      ['Pebble M350s', 129],
      ['MX Master 3S', 699],
      ['G203 Lightsync', 129],
      ['G502 Hero', 299],
      ['G Pro X Superlight 2', 899],
    ],
    Redragon: [
      ['Cobra M711', 99],
      ['King Cobra M711-FPS', 169],
    ],
    HyperX: [['Pulsefire Haste 2', 349]],
    Multilaser: [['MO255', 19.9]],
  }),
  pack: { h: [40, 55], l: [150, 180], w: [90, 110], g: [120, 220] },
  wholesale: 0.2,
  make(r, { model, withVariation }) {
    const gamer = /^G\d|^G |Cobra|Pulsefire/.test(model.name)
    const wireless = /Pebble|MX|M170|Superlight/.test(model.name)
    const dpi = gamer ? r.pick([8000, 12400, 25600]) : r.pick([1000, 1600, 4000])
    const colors = ['Preto', 'Branco', 'Grafite', 'Rosa']
    const color = gamer ? 'Preto' : r.pick(colors)
    const short = model.price < 80
    return {
      titulo: short
        ? words('Mouse', model.brand, model.name, wireless ? 'Sem Fio' : 'USB')
        : words(
            gamer ? 'Mouse Gamer' : 'Mouse',
            model.brand,
            model.name,
            wireless ? 'Sem Fio' : 'com Fio',
            `${dpi} DPI`,
            gamer && 'RGB',
            !withVariation && color,
          ),
      specs: [
        spec('Conexão', wireless ? 'Sem fio 2,4 GHz / Bluetooth' : 'USB com fio'),
        spec('Sensor', `Óptico ${dpi} DPI`),
        spec('Botões', gamer ? '6 programáveis' : '3'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: gamer
        ? ['Sensor de alta precisão', 'Iluminação RGB personalizável', 'Switches duráveis para milhões de cliques']
        : ['Formato confortável para as duas mãos', 'Clique silencioso', 'Funciona em quase todas as superfícies'],
      box: wireless ? 'Mouse, receptor USB e pilha' : 'Mouse',
      variation: withVariation && !gamer ? colorAxis(r.sample(colors, 3), model.price) : undefined,
    }
  },
}

export const keyboards: Template = {
  type: 'keyboard',
  weight: 3,
  noun: 'teclado',
  models: models({
    Logitech: [
      ['K120', 69.9],
      ['MK270 Combo', 149],
      ['Pop Keys', 399],
      ['MX Keys S', 799],
      ['G413 SE', 399],
    ],
    Redragon: [
      ['Kumara K552', 229],
      ['Fizz K617', 199],
    ],
    HyperX: [['Alloy Origins Core', 599]],
    Multilaser: [['TC193', 49.9]],
  }),
  pack: { h: [40, 60], l: [440, 480], w: [140, 180], g: [600, 1100] },
  wholesale: 0.12,
  make(r, { model, withVariation }) {
    const mech = /Kumara|Fizz|Alloy|G413/.test(model.name)
    const sw = r.pick(['Blue', 'Red', 'Brown'])
    const color = mech ? r.pick(['Preto', 'Branco']) : 'Preto'
    return {
      titulo:
        model.price < 80
          ? words('Teclado', model.brand, model.name, 'USB ABNT2')
          : words(
              mech ? 'Teclado Mecânico Gamer' : 'Teclado',
              model.brand,
              model.name,
              mech && !withVariation && `Switch ${sw}`,
              mech && 'RGB',
              'ABNT2',
              color,
            ),
      specs: [
        spec('Layout', 'ABNT2 (português)'),
        spec('Tipo', mech ? 'Mecânico' : 'Membrana'),
        ...(mech ? [spec('Switch', sw)] : []),
        spec('Conexão', /MX|Pop|MK270/.test(model.name) ? 'Sem fio' : 'USB'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: mech
        ? ['Switches mecânicos com resposta precisa', 'Iluminação RGB com efeitos', 'Teclas anti-ghosting']
        : ['Digitação silenciosa e confortável', 'Teclas de atalho multimídia', 'Resistente a respingos'],
      box: 'Teclado e manual',
      variation:
        withVariation && mech ? { nome: 'Switch', options: ['Blue', 'Red', 'Brown'].map((s) => ({ name: `Switch ${s}`, price: model.price })) } : undefined,
    }
  },
}

export const monitors: Template = {
  type: 'monitor',
  weight: 3,
  noun: 'monitor',
  models: models({
    LG: [
      ['24MR400', 699],
      ['UltraGear 27GS75Q', 1999],
    ],
    Samsung: [
      ['T35F', 599],
      ['Odyssey G3', 999],
      ['ViewFinity S6', 1799],
    ],
    Dell: [
      ['SE2422H', 799],
      ['P2422H', 1299],
    ],
    Philips: [['221V8', 549]],
    Asus: [['TUF Gaming VG249Q1A', 1099]],
    Acer: [['Nitro KG241Y', 899]],
  }),
  pack: { h: [120, 160], l: [600, 700], w: [400, 480], g: [4200, 6500] },
  make(r, { model, tier }) {
    const size = tier < 0.3 ? r.pick([22, 24]) : r.pick([24, 27])
    const gamer = /UltraGear|Odyssey|TUF|Nitro/.test(model.name)
    const hz = gamer ? r.pick([144, 165, 180]) : r.pick([75, 100])
    const res = tier > 0.7 ? 'QHD' : 'Full HD'
    return {
      titulo: words(gamer ? 'Monitor Gamer' : 'Monitor', model.brand, model.name, `${size}"`, res, 'IPS', `${hz}Hz`, gamer && '1ms', 'HDMI'),
      specs: [
        spec('Tamanho', `${size}"`),
        spec('Resolução', res === 'QHD' ? '2560 x 1440' : '1920 x 1080'),
        spec('Painel', 'IPS'),
        spec('Taxa de atualização', `${hz}Hz`),
        spec('Conexões', 'HDMI, DisplayPort'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price + (size === 27 ? 250 : 0),
      color: 'Preto',
      features: [
        'Bordas finas para montar setups com dois monitores',
        'Modo de proteção para os olhos',
        gamer ? 'AMD FreeSync para jogos sem cortes' : 'Cores precisas para trabalho e estudos',
      ],
      box: 'Monitor, base, cabo HDMI e cabo de energia',
    }
  },
}

export const printers: Template = {
  type: 'printer',
  weight: 2,
  noun: 'impressora',
  models: models({
    Epson: [
      ['EcoTank L3250', 1099],
      ['EcoTank L4260', 1399],
      ['EcoTank L6270', 2199],
    ],
    HP: [
      ['DeskJet Ink Advantage 2874', 449],
      ['Smart Tank 581', 1099],
    ],
    Canon: [['Mega Tank G3110', 1099]],
  }),
  pack: { h: [220, 280], l: [480, 540], w: [340, 400], g: [5500, 7500] },
  make(r, { model, withVariation }) {
    const tank = /EcoTank|Tank/.test(model.name)
    return {
      titulo: words(
        'Impressora Multifuncional',
        model.brand,
        model.name,
        tank ? 'Tanque de Tinta' : 'Jato de Tinta',
        'Colorida Wi-Fi',
        !withVariation && 'Bivolt',
      ),
      specs: [
        spec('Funções', 'Imprime, copia e digitaliza'),
        spec('Tecnologia', tank ? 'Tanque de tinta' : 'Cartucho'),
        spec('Conectividade', 'Wi-Fi, Wi-Fi Direct, USB'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price,
      color: 'Preto',
      features: [
        tank ? 'Imprime até 4.500 páginas com o kit de tintas' : 'Compacta e econômica',
        'Imprima direto do celular pelo app',
        'Digitalização em alta resolução',
      ],
      box: tank ? 'Impressora, 4 garrafas de tinta, cabo de energia e guia' : 'Impressora, cartuchos iniciais e cabo de energia',
      variation: withVariation ? { nome: 'Voltagem', options: ['Bivolt', '110V', '220V'].map((name) => ({ name, price: model.price })) } : undefined,
    }
  },
}

export const webcams: Template = {
  type: 'webcam',
  weight: 1.5,
  noun: 'webcam',
  models: models({
    Logitech: [
      ['C270', 199],
      ['C920s', 449],
      ['Brio 100', 299],
      ['Brio 500', 799],
    ],
    Intelbras: [['CAM-1080p', 249]],
    Multilaser: [['WC051', 99]],
  }),
  pack: { h: [60, 80], l: [150, 190], w: [80, 110], g: [180, 300] },
  wholesale: 0.15,
  make(r, { model, tier }) {
    const res = tier < 0.2 ? 'HD 720p' : 'Full HD 1080p'
    return {
      titulo: words('Webcam', model.brand, model.name, res, tier > 0.4 && 'com Microfone'),
      specs: [spec('Resolução', res), spec('Microfone', 'Integrado'), spec('Conexão', 'USB'), spec('Foco', tier > 0.5 ? 'Automático' : 'Fixo')],
      price: model.price,
      color: 'Preto',
      features: ['Ideal para reuniões e aulas online', 'Correção automática de luz', 'Clipe universal para monitor e notebook'],
      box: 'Webcam e manual',
    }
  },
}

export const gpus: Template = {
  type: 'gpu',
  weight: 3,
  noun: 'placa de vídeo',
  models: models({
    Asus: [
      ['Dual GeForce RTX 4060 8GB', 2099],
      ['TUF Gaming GeForce RTX 4070 Super 12GB', 5299],
      ['Prime Radeon RX 7700 XT 12GB', 3199],
      ['Dual GeForce RTX 4060 Ti 16GB', 3399],
    ],
    Gigabyte: [
      ['GeForce RTX 4060 Ti Eagle 8GB', 2899],
      ['Radeon RX 7600 Gaming OC 8GB', 1899],
      ['GeForce RTX 4060 Windforce OC 8GB', 2049],
    ],
    MSI: [
      ['GeForce RTX 4060 Ventus 2X 8GB', 2099],
      ['GeForce RTX 5070 Gaming Trio 12GB', 5499],
      ['GeForce RTX 4070 Ventus 2X 12GB', 4399],
    ],
    Galax: [
      ['GeForce RTX 3050 1-Click OC 6GB', 1299],
      ['GeForce RTX 4060 1-Click OC 8GB', 1999],
    ],
    PowerColor: [
      ['Radeon RX 7600 Fighter 8GB', 1799],
      ['Radeon RX 7800 XT Hellhound 16GB', 3899],
    ],
  }),
  pack: { h: [80, 110], l: [320, 380], w: [180, 220], g: [1200, 2000] },
  make(r, { model }) {
    const mem = model.name.match(/(\d+)GB/)?.[1] ?? '8'
    const amd = model.name.includes('Radeon')
    return {
      titulo: words('Placa de Vídeo', model.brand, model.name, amd ? 'GDDR6' : 'GDDR6', amd ? 'FSR' : 'DLSS', 'Ray Tracing'),
      specs: [
        spec('GPU', model.name.replace(/ \d+GB$/, '')),
        spec('Memória', `${mem}GB GDDR6`),
        spec('Interface', 'PCI Express 4.0'),
        spec('Saídas', '3x DisplayPort, 1x HDMI'),
        spec('Fonte recomendada', `${r.pick([550, 650, 750])}W`),
      ],
      price: model.price,
      color: 'Preto',
      features: [
        'Ray tracing para iluminação realista',
        amd ? 'AMD FSR para mais quadros por segundo' : 'DLSS com IA para mais FPS',
        'Cooler com ventoinhas silenciosas',
      ],
      box: 'Placa de vídeo e guia de instalação',
    }
  },
}

export const ssds: Template = {
  type: 'ssd',
  weight: 3,
  noun: 'SSD',
  models: models({
    Kingston: [
      ['NV3 NVMe M.2', 449],
      ['A400 SATA 2,5"', 219],
      ['Fury Renegade NVMe M.2', 899],
    ],
    Samsung: [
      ['990 EVO Plus NVMe M.2', 599],
      ['870 EVO SATA 2,5"', 399],
    ],
    SanDisk: [['SSD Plus SATA 2,5"', 229]],
  }),
  pack: { h: [15, 25], l: [110, 150], w: [80, 110], g: [60, 120] },
  wholesale: 0.1,
  make(r, { model, withVariation }) {
    const nvme = model.name.includes('NVMe')
    const cap = r.pick(nvme ? ['1TB', '500GB', '2TB'] : ['480GB', '240GB', '1TB'])
    const read = nvme ? r.pick([3500, 5000, 7150]) : 500
    const price = model.price * (cap === '2TB' ? 1.8 : cap.startsWith('2') || cap.startsWith('5') || cap.startsWith('4') ? 0.7 : 1)
    return {
      titulo: words('SSD', model.brand, model.name, !withVariation && cap, `Leitura ${read}MB/s`),
      specs: [
        spec('Capacidade', cap),
        spec('Interface', nvme ? 'PCIe 4.0 NVMe' : 'SATA III 6Gb/s'),
        spec('Formato', nvme ? 'M.2 2280' : '2,5"'),
        spec('Leitura sequencial', `${read} MB/s`),
      ],
      price,
      color: nvme ? 'Preto' : 'Prata',
      features: ['Computador liga e abre programas muito mais rápido', 'Sem partes móveis: silencioso e resistente', 'Baixo consumo de energia'],
      box: 'SSD',
      variation: withVariation
        ? {
            nome: 'Capacidade',
            options: [
              { name: nvme ? '500GB' : '480GB', price: model.price * 0.7 },
              { name: '1TB', price: model.price },
              { name: '2TB', price: model.price * 1.8 },
            ],
          }
        : undefined,
    }
  },
}

export const ramModules: Template = {
  type: 'ram',
  weight: 2,
  noun: 'memória RAM',
  models: models({
    Kingston: [
      ['Fury Beast DDR4 3200MHz', 169],
      ['Fury Beast DDR5 5600MHz', 349],
    ],
    Corsair: [
      ['Vengeance LPX DDR4 3200MHz', 189],
      ['Vengeance RGB DDR5 6000MHz', 449],
    ],
  }),
  pack: { h: [10, 20], l: [150, 170], w: [50, 70], g: [40, 80] },
  wholesale: 0.15,
  make(r, { model, withVariation }) {
    const gb = r.pick([8, 16, 32])
    const ddr5 = model.name.includes('DDR5')
    const price = model.price * (gb / (ddr5 ? 16 : 8)) ** 0.85
    return {
      titulo: words('Memória RAM', model.brand, model.name, !withVariation && `${gb}GB`, ddr5 ? 'CL36' : 'CL16', 'para Desktop'),
      specs: [
        spec('Capacidade', `${gb}GB`),
        spec('Tipo', ddr5 ? 'DDR5' : 'DDR4'),
        spec('Frequência', model.name.match(/\d+MHz/)?.[0] ?? ''),
        spec('Formato', 'UDIMM (desktop)'),
      ],
      price,
      color: 'Preto',
      features: ['Mais memória para jogos e multitarefa', 'Dissipador de calor de alumínio', 'Perfil XMP/EXPO para overclock fácil'],
      box: 'Módulo de memória',
      variation: withVariation
        ? { nome: 'Capacidade', options: [8, 16, 32].map((g) => ({ name: `${g}GB`, price: model.price * (g / (ddr5 ? 16 : 8)) ** 0.85 })) }
        : undefined,
    }
  },
}

export const cpus: Template = {
  type: 'cpu',
  weight: 2,
  noun: 'processador',
  models: models({
    AMD: [
      ['Ryzen 5 5600', 699],
      ['Ryzen 5 7600', 1199],
      ['Ryzen 7 5700X3D', 1499],
      ['Ryzen 7 7800X3D', 2799],
      ['Ryzen 9 9900X', 3299],
    ],
    Intel: [
      ['Core i3-12100F', 549],
      ['Core i5-12400F', 799],
      ['Core i5-14600K', 1899],
      ['Core i7-14700K', 2599],
      ['Core Ultra 7 265K', 2999],
    ],
  }),
  pack: { h: [60, 80], l: [110, 130], w: [100, 120], g: [200, 450] },
  make(r, { model, tier }) {
    const amd = model.brand === 'AMD'
    const cores = tier < 0.3 ? 6 : tier < 0.7 ? 8 : 12
    const socket = amd ? (/7\d\d\d|9\d\d\d/.test(model.name) ? 'AM5' : 'AM4') : model.name.includes('Ultra') ? 'LGA1851' : 'LGA1700'
    return {
      titulo: words('Processador', model.brand, model.name, `${cores} Núcleos`, `Socket ${socket}`, r.chance(0.5) && 'Box'),
      specs: [
        spec('Núcleos', String(cores)),
        spec('Socket', socket),
        spec('Frequência máxima', `${dec(r.pick([4.4, 4.6, 5, 5.4]))} GHz`),
        spec('Vídeo integrado', model.name.endsWith('F') || model.name.includes('5600') ? 'Não' : 'Sim'),
      ],
      price: model.price,
      color: amd ? 'Laranja' : 'Azul',
      features: ['Ótimo desempenho em jogos e produtividade', 'Alta frequência para respostas rápidas', 'Compatível com placas-mãe de última geração'],
      box: 'Processador' + (model.name.endsWith('K') || model.name.includes('X3D') ? '' : ' e cooler'),
    }
  },
}

export const routers: Template = {
  type: 'router',
  weight: 2.5,
  noun: 'roteador',
  models: models({
    'TP-Link': [
      ['Archer C6 AC1200', 199],
      ['Archer AX23 AX1800', 349],
      ['Archer AX55 AX3000', 499],
    ],
    Intelbras: [
      ['W5-1200F', 189],
      ['Action RG 1200', 229],
    ],
    Mercusys: [['MR30G AC1200', 149]],
    Asus: [['RT-AX1800S', 599]],
  }),
  pack: { h: [50, 70], l: [230, 280], w: [150, 190], g: [450, 700] },
  make(r, { model }) {
    const ax = model.name.includes('AX')
    return {
      titulo: words('Roteador Wi-Fi', model.brand, model.name, ax ? 'Wi-Fi 6' : 'Dual Band', 'Gigabit', `${r.pick([4, 4, 5])} Antenas`),
      specs: [
        spec('Padrão', ax ? 'Wi-Fi 6 (802.11ax)' : 'Wi-Fi 5 (802.11ac)'),
        spec('Bandas', '2,4 GHz e 5 GHz'),
        spec('Portas', '4x Gigabit LAN, 1x Gigabit WAN'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price,
      color: r.pick(['Preto', 'Branco']),
      features: ['Cobertura para a casa toda', 'Configuração fácil pelo aplicativo', 'Controle dos pais e rede de convidados'],
      box: 'Roteador, fonte, cabo de rede e guia',
    }
  },
}

export const meshSystems: Template = {
  type: 'mesh',
  weight: 1.5,
  noun: 'sistema mesh',
  models: models({
    'TP-Link': [
      ['Deco E4 AC1200', 599],
      ['Deco X50 AX3000', 1299],
      ['RE315 AC1200', 179],
    ],
    Intelbras: [
      ['Twibi Giga', 699],
      ['IWR 3000N', 119],
    ],
    Xiaomi: [['Wi-Fi Range Extender Pro', 99]],
  }),
  pack: { h: [110, 140], l: [200, 260], w: [110, 150], g: [400, 900] },
  make(r, { model, withVariation }) {
    const repeater = /RE315|IWR|Extender/.test(model.name)
    const units = r.pick([2, 3])
    return {
      titulo: repeater
        ? words('Repetidor Wi-Fi', model.brand, model.name)
        : words('Sistema Wi-Fi Mesh', model.brand, model.name, !withVariation && `Kit ${units} Unidades`, 'Cobertura até', units * 180, 'm²'),
      specs: [
        spec('Tipo', repeater ? 'Repetidor de sinal' : 'Wi-Fi Mesh'),
        spec('Cobertura', repeater ? 'Até 100 m²' : `Até ${units * 180} m²`),
        spec('Bandas', 'Dual Band 2,4 e 5 GHz'),
      ],
      price: repeater ? model.price : model.price * (units === 3 ? 1.4 : 1),
      color: 'Branco',
      features: ['Acaba com pontos sem sinal em casa', 'Uma rede única, sem trocar de Wi-Fi', 'Instalação em minutos pelo app'],
      box: repeater ? 'Repetidor e guia' : `${units} unidades, fontes e cabo de rede`,
      variation:
        withVariation && !repeater
          ? {
              nome: 'Kit',
              options: [
                { name: '2 unidades', price: model.price },
                { name: '3 unidades', price: model.price * 1.4 },
              ],
            }
          : undefined,
    }
  },
}

export const switches: Template = {
  type: 'switch',
  weight: 1.2,
  noun: 'switch',
  models: models({
    'TP-Link': [
      ['TL-SG1008D', 229],
      ['LS1005G', 99],
    ],
    Intelbras: [
      ['SG 800 Q+', 249],
      ['SF 800 Q+', 149],
    ],
    Mercusys: [['MS108G', 119]],
  }),
  pack: { h: [35, 45], l: [180, 220], w: [100, 130], g: [300, 500] },
  wholesale: 0.3,
  make(r, { model }) {
    const ports = model.name.includes('5') && !model.name.includes('8') ? 5 : 8
    const giga = !model.name.startsWith('SF')
    return {
      titulo: words('Switch', model.brand, model.name, `${ports} Portas`, giga ? 'Gigabit' : 'Fast Ethernet'),
      specs: [spec('Portas', `${ports}x RJ45 ${giga ? '10/100/1000' : '10/100'}`), spec('Gerenciável', 'Não'), spec('Alimentação', 'Fonte externa bivolt')],
      price: model.price,
      color: 'Preto',
      features: ['Plug and play, sem configuração', 'Mais portas de rede para TV, console e PC', 'Economia de energia automática'],
      box: 'Switch, fonte e manual',
    }
  },
}

export const wifiAdapters: Template = {
  type: 'wifiadapter',
  weight: 1,
  noun: 'adaptador Wi-Fi',
  models: models({
    'TP-Link': [
      ['TL-WN725N', 59.9],
      ['Archer T2U Nano', 99],
      ['Archer TX20U', 199],
    ],
    Multilaser: [['RE036', 39.9]],
  }),
  pack: { h: [20, 30], l: [110, 140], w: [70, 90], g: [40, 90] },
  wholesale: 0.25,
  make(r, { model }) {
    const ac = model.name.includes('Archer')
    return {
      titulo: words('Adaptador Wi-Fi USB', model.brand, model.name),
      specs: [
        spec('Velocidade', ac ? (model.name.includes('TX20U') ? 'AX1800' : 'AC600') : '150 Mbps'),
        spec('Interface', 'USB'),
        spec('Compatibilidade', 'Windows, Linux'),
      ],
      price: model.price,
      color: 'Preto',
      features: ['Coloca o PC no Wi-Fi em segundos', 'Tamanho nano, pode ficar sempre conectado'],
      box: 'Adaptador e guia rápido',
    }
  },
}
