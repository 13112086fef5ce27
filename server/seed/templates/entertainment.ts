import { colorAxis, models, spec, words, type Template } from './types'

const TV_SIZES: Array<[number, number]> = [
  [32, 0.45],
  [43, 0.75],
  [50, 0.9],
  [55, 1],
  [65, 1.45],
  [75, 2.1],
]

function tvSizeFor(tier: number, pickFrom: (list: Array<[number, number]>) => [number, number]) {
  return pickFrom(tier < 0.3 ? TV_SIZES.slice(0, 4) : TV_SIZES.slice(2))
}

export const smartTvs: Template = {
  type: 'tv',
  weight: 6,
  noun: 'smart TV',
  models: models({
    Samsung: [
      ['Crystal UHD 4K CU7700', 2799],
      ['QLED 4K Q60D', 3299],
    ],
    LG: [
      ['UHD 4K UT8050 ThinQ AI', 2699],
      ['NanoCell 4K NANO80', 3199],
    ],
    Philips: [
      ['Full HD Google TV PFG6519', 1899],
      ['Ambilight 4K PUG7908', 3199],
    ],
    TCL: [
      ['P755 4K Google TV', 2499],
      ['C755 QLED Mini LED', 3999],
    ],
  }),
  pack: { h: [150, 200], l: [800, 1500], w: [500, 900], g: [6000, 22000] },
  make(r, { model, tier, withVariation }) {
    const [size, factor] = tvSizeFor(tier, (l) => r.pick(l))
    const fullHd = model.name.includes('Full HD') || size <= 32
    const os = model.brand === 'Samsung' ? 'Tizen' : model.brand === 'LG' ? 'webOS' : 'Google TV'
    const price = model.price * factor
    return {
      titulo: words(
        'Smart TV',
        model.brand,
        !withVariation && `${size}"`,
        model.name.replace('Full HD ', ''),
        fullHd ? 'Full HD' : '',
        'Wi-Fi Bluetooth',
        !fullHd && 'HDR10',
      ),
      specs: [
        spec('Tamanho da tela', `${size}"`),
        spec('Resolução', fullHd ? 'Full HD (1920 x 1080)' : '4K UHD (3840 x 2160)'),
        spec('Sistema operacional', os),
        spec('Conexões', '3x HDMI, 2x USB, Wi-Fi, Bluetooth'),
        spec('Recursos', 'Assistente de voz, espelhamento de tela, modo jogo'),
        spec('Voltagem', 'Bivolt'),
      ],
      price,
      color: 'Preto',
      features: [
        'Netflix, YouTube, Globoplay e Prime Video na tela inicial',
        'Controle remoto com comando de voz',
        'Modo jogo com baixa latência',
        'Design sem bordas',
      ],
      box: 'TV, controle remoto com pilhas, pés de apoio e manual',
      variation: withVariation ? { nome: 'Tamanho', options: TV_SIZES.slice(2, 5).map(([s, f]) => ({ name: `${s}"`, price: model.price * f })) } : undefined,
    }
  },
}

export const premiumTvs: Template = {
  type: 'tv',
  weight: 3,
  noun: 'smart TV',
  models: models({
    LG: [
      ['OLED evo C4', 6999],
      ['QNED 4K QNED80', 4299],
    ],
    Samsung: [
      ['Neo QLED 4K QN85D', 6499],
      ['OLED 4K S90D', 7999],
    ],
    Sony: [
      ['Bravia 7 Mini LED 4K', 6999],
      ['Bravia 8 OLED 4K', 8999],
    ],
    TCL: [['QD Mini LED C855', 5499]],
  }),
  pack: { h: [160, 220], l: [1300, 1600], w: [800, 950], g: [18000, 30000] },
  make(r, { model }) {
    const size = r.pick([55, 65])
    return {
      titulo: words('Smart TV', model.brand, `${size}"`, model.name, '120Hz', 'Dolby Vision', 'Dolby Atmos'),
      specs: [
        spec('Tamanho da tela', `${size}"`),
        spec('Resolução', '4K UHD (3840 x 2160)'),
        spec('Painel', model.name.includes('OLED') ? 'OLED' : 'Mini LED / QLED'),
        spec('Taxa de atualização', '120Hz'),
        spec('HDR', 'Dolby Vision, HDR10, HLG'),
        spec('Conexões', '4x HDMI 2.1, 2x USB, Wi-Fi 6'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: Math.min(8999, model.price * (size === 65 ? 1.3 : 1)),
      color: 'Preto',
      features: [
        'Pretos perfeitos e contraste infinito',
        'HDMI 2.1 com 4K a 120Hz para consoles',
        'Som com Dolby Atmos',
        'Processador com inteligência artificial',
      ],
      box: 'TV, controle remoto, base e manual',
    }
  },
}

export const soundbars: Template = {
  type: 'soundbar',
  weight: 2,
  noun: 'soundbar',
  models: models({
    Samsung: [
      ['HW-B550 2.1 Canais 410W', 999],
      ['HW-Q600C 3.1.2 Canais', 1899],
    ],
    LG: [
      ['S40T 2.1 Canais 300W', 899],
      ['SP7 5.1 Canais', 1799],
    ],
    JBL: [
      ['Bar 300 5.0 MultiBeam', 2999],
      ['Bar 500 5.1 Dolby Atmos', 4299],
    ],
    Sony: [
      ['HT-S100F 2.0', 799],
      ['HT-S400 2.1', 1499],
    ],
  }),
  pack: { h: [150, 230], l: [900, 1100], w: [250, 420], g: [4000, 9000] },
  make(r, { model }) {
    const sub = /2\.1|3\.1|5\.1/.test(model.name)
    return {
      titulo: words('Soundbar', model.brand, model.name, sub && 'com Subwoofer Sem Fio', 'Bluetooth'),
      specs: [
        spec('Canais', model.name.match(/\d\.\d(\.\d)?/)?.[0] ?? '2.0'),
        spec('Conexões', 'HDMI ARC, óptica, Bluetooth'),
        spec('Subwoofer', sub ? 'Sem fio' : 'Não'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price,
      color: 'Preto',
      features: ['Som de cinema na sala', 'Diálogos mais claros', 'Conecta à TV com um cabo HDMI'],
      box: 'Soundbar, subwoofer (quando incluído), controle remoto e cabos',
    }
  },
}

export const projectors: Template = {
  type: 'projector',
  weight: 1,
  noun: 'projetor',
  models: models({
    Epson: [
      ['PowerLite E20', 3999],
      ['Home Cinema 880', 4599],
    ],
    Samsung: [['The Freestyle 2', 4499]],
    LG: [['CineBeam HU70LS 4K', 6999]],
  }),
  pack: { h: [150, 220], l: [350, 420], w: [280, 340], g: [2500, 4000] },
  make(r, { model }) {
    const lumens = r.pick([2000, 3300, 3400])
    return {
      titulo: words('Projetor', model.brand, model.name, `${lumens} Lumens`, model.name.includes('4K') ? '4K' : 'Full HD', 'HDMI'),
      specs: [
        spec('Brilho', `${lumens} lumens`),
        spec('Resolução', model.name.includes('4K') ? '4K UHD' : '1080p'),
        spec('Tamanho da imagem', 'Até 300"'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price,
      color: 'Branco',
      features: ['Tela gigante para filmes e jogos', 'Imagem nítida mesmo com luz ambiente', 'Ajuste de foco e keystone simples'],
      box: 'Projetor, controle remoto, cabo de energia e manual',
    }
  },
}

const AUDIO_COLORS = ['Preto', 'Branco', 'Azul', 'Rosa', 'Verde']

export const headphones: Template = {
  type: 'headphones',
  weight: 4,
  noun: 'fone de ouvido',
  models: models({
    JBL: [
      ['Tune 520BT', 299],
      ['Tune 720BT', 399],
      ['Live 770NC', 899],
    ],
    Sony: [
      ['WH-CH520', 299],
      ['WH-CH720N', 699],
      ['WH-1000XM5', 2299],
      ['ULT Wear', 1299],
    ],
    Philips: [['TAH4205', 249]],
    Edifier: [['W820NB Plus', 399]],
    Apple: [['AirPods Max', 4999]],
  }),
  pack: { h: [80, 110], l: [220, 260], w: [190, 220], g: [400, 700] },
  make(r, { model, withVariation }) {
    const nc = /NC|XM|720N|ULT|Max|W820/.test(model.name)
    const color = r.pick(AUDIO_COLORS)
    return {
      titulo: words(
        'Fone de Ouvido',
        model.brand,
        model.name,
        'Bluetooth',
        nc && 'com Cancelamento de Ruído',
        `até ${r.pick([30, 40, 50, 57])}h de Bateria`,
        !withVariation && color,
      ),
      specs: [
        spec('Tipo', 'Headphone (over-ear)'),
        spec('Conexão', 'Bluetooth 5.3'),
        spec('Cancelamento de ruído', nc ? 'Ativo (ANC)' : 'Não'),
        spec('Microfone', 'Sim, para chamadas'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: [
        'Graves potentes e som equilibrado',
        nc ? 'Cancelamento de ruído para focar no que importa' : 'Leve e dobrável',
        'Carregamento rápido: 5 minutos para horas de música',
        'Conexão com dois aparelhos ao mesmo tempo',
      ],
      box: 'Fone, cabo USB-C e estojo (quando incluído)',
      variation: withVariation ? colorAxis(r.sample(AUDIO_COLORS, 3), model.price) : undefined,
    }
  },
}

export const earbuds: Template = {
  type: 'earbuds',
  weight: 5,
  noun: 'fone Bluetooth',
  models: models({
    Samsung: [
      ['Galaxy Buds FE', 499],
      ['Galaxy Buds3 Pro', 1699],
    ],
    Apple: [
      ['AirPods 4', 1499],
      ['AirPods Pro 2', 2299],
    ],
    JBL: [
      ['Wave Buds 2', 249],
      ['Tune Flex 2', 499],
    ],
    Xiaomi: [
      ['Redmi Buds 6 Active', 129],
      ['Redmi Buds 6 Pro', 349],
    ],
    Sony: [
      ['WF-C510', 349],
      ['WF-1000XM5', 1799],
    ],
    Baseus: [['Bowie E3', 99]],
  }),
  pack: { h: [40, 60], l: [100, 130], w: [90, 110], g: [120, 200] },
  wholesale: 0.08,
  make(r, { model, withVariation }) {
    const color = model.brand === 'Apple' ? 'Branco' : r.pick(['Preto', 'Branco', 'Azul', 'Lilás'])
    const anc = /Pro|XM5|Flex|Buds3/.test(model.name)
    const short = model.brand === 'Apple' || r.chance(0.25)
    return {
      titulo: short
        ? words('Fone', model.brand, model.name, model.brand !== 'Apple' && color)
        : words('Fone de Ouvido Bluetooth', model.brand, model.name, 'TWS', anc && 'com Cancelamento de Ruído', !withVariation && color),
      specs: [
        spec('Tipo', 'Intra-auricular sem fio (TWS)'),
        spec('Bateria', `Até ${r.pick([24, 28, 30, 36])}h com o estojo`),
        spec('Cancelamento de ruído', anc ? 'Ativo (ANC)' : 'Não'),
        spec('Resistência', r.pick(['IPX4', 'IP54', 'IPX5'])),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: [
        'Encaixe confortável e seguro',
        'Estojo de carregamento compacto',
        'Controles por toque',
        anc ? 'Cancelamento ativo de ruído' : 'Modo baixa latência para jogos',
      ],
      box: 'Fones, estojo de carregamento, ponteiras extras e cabo USB-C',
      variation: withVariation && model.brand !== 'Apple' ? colorAxis(['Preto', 'Branco', 'Azul'], model.price) : undefined,
    }
  },
}

export const speakers: Template = {
  type: 'speaker',
  weight: 4,
  noun: 'caixa de som',
  models: models({
    JBL: [
      ['Go 4', 349],
      ['Clip 5', 499],
      ['Flip 6', 799],
      ['Charge 5', 1099],
      ['Boombox 3', 2999],
      ['PartyBox Encore', 2499],
    ],
    Sony: [
      ['SRS-XB100', 349],
      ['ULT Field 1', 799],
    ],
    Philips: [['TAS2505', 199]],
    Xiaomi: [['Mi Portable Speaker 16W', 249]],
    Edifier: [['R1280DB', 899]],
  }),
  pack: { h: [120, 260], l: [150, 400], w: [110, 220], g: [400, 6000] },
  make(r, { model, withVariation }) {
    const color = r.pick(AUDIO_COLORS)
    const watts = Math.round(model.price / 25 / 5) * 5 + 5
    const bookshelf = model.name.startsWith('R1280')
    return {
      titulo: bookshelf
        ? words('Caixa de Som Bookshelf', model.brand, model.name, '42W RMS Bluetooth Bivolt')
        : words('Caixa de Som Bluetooth', model.brand, model.name, `${watts}W RMS`, 'à Prova d’Água', !withVariation && color),
      specs: [
        spec('Potência', `${watts}W RMS`),
        spec('Bateria', bookshelf ? 'Não se aplica' : `Até ${r.pick([7, 12, 20, 24])} horas`),
        spec('Resistência', bookshelf ? 'Não' : 'IP67'),
        spec('Conexão', 'Bluetooth 5.3'),
        spec('Cor', color),
      ],
      price: model.price,
      color: bookshelf ? 'Marrom' : color,
      features: [
        'Som alto e graves encorpados',
        bookshelf ? 'Entradas óptica, coaxial e RCA' : 'Resistente à água e poeira: leve para a praia',
        'Conecte duas caixas para som estéreo',
      ],
      box: 'Caixa de som e cabo de carregamento',
      variation: withVariation && !bookshelf ? colorAxis(r.sample(AUDIO_COLORS, 3), model.price) : undefined,
    }
  },
}

export const microphones: Template = {
  type: 'microphone',
  weight: 1.2,
  noun: 'microfone',
  models: models({
    HyperX: [
      ['QuadCast S', 999],
      ['SoloCast', 349],
    ],
    Redragon: [['Blazar GM300', 249]],
    Logitech: [['G Yeti GX', 999]],
    JBL: [['Quantum Stream', 399]],
  }),
  pack: { h: [100, 140], l: [200, 260], w: [120, 160], g: [500, 900] },
  make(r, { model }) {
    return {
      titulo: words('Microfone Condensador', model.brand, model.name, 'USB', 'para Streaming e Podcast', r.chance(0.5) && 'com Braço'),
      specs: [spec('Tipo', 'Condensador'), spec('Padrão polar', 'Cardioide'), spec('Conexão', 'USB-C'), spec('Taxa de amostragem', '48 kHz / 16 bits')],
      price: model.price,
      color: 'Preto',
      features: ['Voz clara para lives, reuniões e podcasts', 'Botão de mudo com indicador', 'Plug and play no PC e no console'],
      box: 'Microfone, base e cabo USB',
    }
  },
}

export const consoles: Template = {
  type: 'console',
  weight: 2,
  noun: 'console',
  models: models({
    Sony: [
      ['PlayStation 5 Slim Digital', 3599],
      ['PlayStation 5 Slim com Leitor', 3999],
      ['PlayStation 5 Pro', 6999],
    ],
    Microsoft: [
      ['Xbox Series S 512GB', 2999],
      ['Xbox Series X 1TB', 4599],
    ],
    Nintendo: [
      ['Switch OLED', 2299],
      ['Switch 2', 4499],
    ],
  }),
  pack: { h: [120, 150], l: [420, 480], w: [280, 340], g: [3000, 5000] },
  make(r, { model }) {
    const nintendo = model.brand === 'Nintendo'
    return {
      titulo: words(
        'Console',
        model.name,
        nintendo ? '' : model.name.includes('Xbox') ? '' : '1TB',
        r.chance(0.4) && (nintendo ? '+ Mario Kart' : '+ 1 Controle'),
      ),
      specs: [
        spec('Armazenamento', model.name.match(/\d+(GB|TB)/)?.[0] ?? (nintendo ? '64GB' : '1TB')),
        spec('Resolução', nintendo ? 'Até 1080p' : 'Até 4K 120fps'),
        spec('Mídia física', /Digital|Series S|Switch/.test(model.name) ? 'Cartucho ou digital' : 'Sim'),
        spec('Voltagem', 'Bivolt'),
      ],
      price: model.price,
      color: model.name.includes('Xbox Series X') ? 'Preto' : 'Branco',
      features: ['Carregamento ultrarrápido', 'Jogos exclusivos da plataforma', 'Jogue online com os amigos'],
      box: 'Console, controle, cabo HDMI e cabo de energia',
    }
  },
}

export const controllers: Template = {
  type: 'controller',
  weight: 2,
  noun: 'controle',
  models: models({
    Sony: [
      ['DualSense', 449],
      ['DualSense Edge', 1299],
    ],
    Microsoft: [
      ['Xbox Series', 449],
      ['Xbox Elite Series 2 Core', 999],
    ],
    Nintendo: [['Pro Controller', 499]],
    Redragon: [['Harrow Pro G808', 179]],
  }),
  pack: { h: [70, 90], l: [170, 200], w: [130, 170], g: [350, 600] },
  wholesale: 0.06,
  make(r, { model, withVariation }) {
    const colors = model.brand === 'Sony' ? ['Branco', 'Preto', 'Vermelho', 'Azul'] : ['Preto', 'Branco', 'Azul']
    const color = r.pick(colors)
    const platform =
      model.brand === 'Sony' ? 'PS5' : model.brand === 'Microsoft' ? 'Xbox e PC' : model.brand === 'Nintendo' ? 'Nintendo Switch' : 'PC, PS3 e Android'
    return {
      titulo: words('Controle', model.brand === 'Redragon' ? 'Gamer Redragon' : '', model.name, 'Sem Fio', 'para', platform, !withVariation && color),
      specs: [spec('Compatibilidade', platform), spec('Conexão', 'Bluetooth / USB-C'), spec('Bateria', 'Recarregável'), spec('Cor', color)],
      price: model.price,
      color,
      features: ['Pegada ergonômica para longas partidas', 'Gatilhos precisos e vibração', 'Bateria recarregável'],
      box: 'Controle e cabo USB-C',
      variation: withVariation ? colorAxis(r.sample(colors, 3), model.price) : undefined,
    }
  },
}

export const games: Template = {
  type: 'gamecase',
  weight: 2.5,
  noun: 'jogo',
  models: models({
    Sony: [
      ["Marvel's Spider-Man 2", 299],
      ['Gran Turismo 7', 249],
      ['God of War Ragnarök', 199],
      ['Astro Bot', 299],
    ],
    Nintendo: [
      ['Mario Kart 8 Deluxe', 299],
      ['The Legend of Zelda: Tears of the Kingdom', 349],
      ['Super Mario Bros. Wonder', 299],
    ],
    Microsoft: [
      ['Forza Horizon 5', 199],
      ['Halo Infinite', 149],
    ],
    'Electronic Arts': [
      ['EA Sports FC 25', 299],
      ['Madden NFL 25', 249],
    ],
    'Warner Bros. Games': [
      ['Hogwarts Legacy', 149],
      ['Mortal Kombat 1', 199],
    ],
  }),
  pack: { h: [15, 20], l: [170, 200], w: [135, 140], g: [90, 130] },
  make(r, { model }) {
    const platform =
      model.brand === 'Sony'
        ? 'PS5'
        : model.brand === 'Nintendo'
          ? 'Nintendo Switch'
          : model.brand === 'Microsoft'
            ? 'Xbox Series X'
            : r.pick(['PS5', 'Xbox Series X', 'PS4'])
    return {
      titulo: words('Jogo', model.name, platform, 'Mídia Física'),
      specs: [
        spec('Plataforma', platform),
        spec('Mídia', 'Física'),
        spec('Idioma', 'Português (legendas e dublagem)'),
        spec('Classificação', r.pick(['Livre', '10 anos', '12 anos', '16 anos'])),
      ],
      price: model.price,
      color: r.pick(['Azul', 'Vermelho', 'Verde', 'Roxo']),
      features: ['Mídia física lacrada', 'Totalmente em português', 'Pode ser revendido ou emprestado'],
      box: 'Disco ou cartucho do jogo e encarte',
    }
  },
}

export const gamingHeadsets: Template = {
  type: 'headset',
  weight: 2.5,
  noun: 'headset gamer',
  models: models({
    HyperX: [
      ['Cloud Stinger 2', 299],
      ['Cloud III', 699],
      ['Cloud Alpha', 599],
    ],
    Logitech: [
      ['G435 Lightspeed', 499],
      ['G PRO X 2', 1999],
    ],
    Redragon: [
      ['Zeus X', 299],
      ['Lamia 2', 199],
    ],
    JBL: [
      ['Quantum 100', 199],
      ['Quantum 910', 1299],
    ],
    Sony: [['INZONE H5', 899]],
  }),
  pack: { h: [100, 130], l: [220, 260], w: [190, 230], g: [500, 800] },
  make(r, { model, withVariation }) {
    const wireless = /Lightspeed|PRO X|910|INZONE/.test(model.name)
    const colors = ['Preto', 'Branco', 'Vermelho']
    const color = r.pick(colors)
    return {
      titulo: words(
        'Headset Gamer',
        model.brand,
        model.name,
        wireless ? 'Sem Fio' : 'com Fio',
        'Som Surround 7.1',
        'Microfone Removível',
        !withVariation && color,
      ),
      specs: [
        spec('Conexão', wireless ? 'Sem fio 2,4 GHz' : 'P2 e USB'),
        spec('Drivers', `${r.pick([40, 50, 53])} mm`),
        spec('Microfone', 'Removível com cancelamento de ruído'),
        spec('Compatibilidade', 'PC, PS5, Xbox, Switch, celular'),
        spec('Cor', color),
      ],
      price: model.price,
      color,
      features: ['Som posicional para ouvir passos', 'Almofadas de espuma viscoelástica', 'Microfone nítido para jogar em equipe'],
      box: 'Headset, microfone e cabos',
      variation: withVariation ? colorAxis(colors, model.price) : undefined,
    }
  },
}

export const cameras: Template = {
  type: 'camera',
  weight: 2.5,
  noun: 'câmera',
  models: models({
    Canon: [
      ['EOS Rebel T7', 3999],
      ['EOS R50', 5999],
      ['EOS R10', 7499],
      ['PowerShot G7 X Mark III', 5499],
    ],
    Nikon: [
      ['Z50 II', 7999],
      ['Z30', 5499],
      ['Coolpix P950', 5999],
    ],
    Sony: [
      ['Alpha a6400', 6499],
      ['ZV-E10 II', 6999],
      ['ZV-1F', 3999],
    ],
  }),
  pack: { h: [130, 170], l: [200, 250], w: [160, 200], g: [900, 1500] },
  make(r, { model }) {
    const compact = /PowerShot|Coolpix|ZV-1F/.test(model.name)
    const mp = r.pick([20.1, 24.1, 24.2, 26])
    const lens =
      model.brand === 'Canon' ? (model.name.includes('Rebel') ? 'EF-S 18-55mm' : 'RF-S 18-45mm') : model.brand === 'Nikon' ? 'Z DX 16-50mm' : 'E 16-50mm'
    return {
      titulo: compact
        ? words('Câmera Digital', model.brand, model.name, `${String(mp).replace('.', ',')}MP`, '4K Wi-Fi')
        : words(
            'Câmera',
            model.name.includes('Rebel') ? 'DSLR' : 'Mirrorless',
            model.brand,
            model.name,
            `${String(mp).replace('.', ',')}MP`,
            'com Lente',
            lens,
          ),
      specs: [
        spec('Sensor', compact ? '1"' : 'APS-C'),
        spec('Resolução', `${String(mp).replace('.', ',')} MP`),
        spec('Vídeo', model.name.includes('Rebel') ? 'Full HD' : '4K'),
        spec('Conectividade', 'Wi-Fi e Bluetooth'),
        spec('Lente', compact ? 'Zoom integrada' : lens),
      ],
      price: model.price,
      color: 'Preto',
      features: ['Foco automático rápido que acompanha os olhos', 'Fotos com fundo desfocado', 'Transfira as fotos para o celular pelo app'],
      box: compact ? 'Câmera, bateria, cabo USB e alça' : 'Câmera, lente, bateria, carregador e alça',
    }
  },
}

export const actionCams: Template = {
  type: 'actioncam',
  weight: 1.5,
  noun: 'câmera de ação',
  models: models({
    GoPro: [
      ['HERO13 Black', 3299],
      ['HERO12 Black', 2799],
      ['HERO', 1599],
    ],
    DJI: [
      ['Osmo Action 5 Pro', 2999],
      ['Osmo Pocket 3', 3599],
    ],
  }),
  pack: { h: [80, 100], l: [150, 180], w: [100, 130], g: [350, 600] },
  make(r, { model }) {
    return {
      titulo: words(
        'Câmera de Ação',
        model.brand,
        model.name,
        model.name === 'HERO' ? '4K' : '5,3K',
        'à Prova d’Água',
        r.chance(0.4) && 'com Kit de Acessórios',
      ),
      specs: [
        spec('Vídeo', model.name === 'HERO' ? '4K 30fps' : '5,3K 60fps'),
        spec('Estabilização', 'Eletrônica avançada'),
        spec('Resistência', 'À prova d’água até 10 m'),
        spec('Tela', 'Dupla (frontal e traseira)'),
      ],
      price: model.price,
      color: 'Preto',
      features: ['Vídeos estáveis mesmo em movimento', 'Resistente à água sem caixa estanque', 'Transmissão ao vivo e envio para o celular'],
      box: 'Câmera, bateria, suporte e cabo USB-C',
    }
  },
}

export const lenses: Template = {
  type: 'lens',
  weight: 1.2,
  noun: 'lente',
  models: models({
    Canon: [
      ['EF 50mm f/1.8 STM', 999],
      ['RF 50mm f/1.8 STM', 1299],
      ['EF-S 55-250mm f/4-5.6 IS STM', 1999],
    ],
    Nikon: [
      ['Z DX 16-50mm f/3.5-6.3 VR', 1899],
      ['Z 40mm f/2', 1799],
    ],
    Sony: [
      ['FE 50mm f/1.8', 1399],
      ['E 18-135mm f/3.5-5.6 OSS', 3499],
    ],
  }),
  pack: { h: [80, 120], l: [100, 150], w: [80, 110], g: [250, 600] },
  make(r, { model }) {
    return {
      titulo: words('Lente', model.brand, model.name),
      specs: [
        spec('Distância focal', model.name.match(/\d+(-\d+)?mm/)?.[0] ?? ''),
        spec('Abertura máxima', model.name.match(/f\/[\d.-]+/)?.[0] ?? ''),
        spec(
          'Encaixe',
          model.name.startsWith('RF')
            ? 'Canon RF'
            : model.name.startsWith('E') && model.brand === 'Canon'
              ? 'Canon EF'
              : model.brand === 'Nikon'
                ? 'Nikon Z'
                : 'Sony E',
        ),
      ],
      price: model.price,
      color: 'Preto',
      features: ['Fundo desfocado e retratos nítidos', 'Foco silencioso, ótimo para vídeo', 'Leve e compacta'],
      box: 'Lente, tampas frontal e traseira',
    }
  },
}

export const drones: Template = {
  type: 'drone',
  weight: 1,
  noun: 'drone',
  models: models({
    DJI: [
      ['Neo', 1599],
      ['Mini 4K', 2699],
      ['Mini 4 Pro', 6999],
      ['Air 3S', 8999],
    ],
  }),
  pack: { h: [90, 130], l: [200, 260], w: [150, 200], g: [500, 1200] },
  make(r, { model }) {
    return {
      titulo: words('Drone', model.brand, model.name, 'com Câmera', model.name === 'Neo' ? '4K' : '4K HDR', r.chance(0.5) && 'Fly More Combo'),
      specs: [
        spec('Câmera', model.name === 'Neo' ? '12MP, vídeo 4K' : '48MP, vídeo 4K HDR'),
        spec('Tempo de voo', `Até ${r.pick([18, 31, 34, 45])} min`),
        spec('Peso', 'Menos de 249 g'),
        spec('Transmissão', 'Até 10 km'),
      ],
      price: model.price,
      color: 'Cinza',
      features: ['Decolagem e pouso automáticos', 'Retorno automático ao ponto de partida', 'Modos de voo inteligentes para vídeos'],
      box: 'Drone, controle remoto, bateria, hélices extras e cabos',
    }
  },
}
