import type { SeedProduct } from "./types";

// Product catalogue used to seed the storefront. Prices are whole US dollars.
// The chat's answers read the catalog as it is (api/src/modules/chat/chat-answers.ts).
export const seedProducts: SeedProduct[] = [
  {
    name: "The Cleveland",
    description:
      "Our best-selling 20ft studio home: a one-bedroom, one-bath layout with a full-height glass entry, a compact galley kitchen and a walk-in shower. It is built on a welded steel frame with R-13 insulation, a 100-amp panel, PEX plumbing, a ductless mini-split for heating and cooling, and waterproof vinyl plank flooring throughout. Delivered ready to connect to power, water and sewer.",
    price: 43116,
    category: "20ft-homes",
    featured: true,
    inStock: true,
    images: ["product-cleveland-1.webp", "product-cleveland-2.webp", "product-cleveland-3.webp"],
    specs: { bedrooms: 1, bathrooms: 1, sqft: 160, containers: 1, units: 1, floors: 1, parking: 1 },
  },
  {
    name: "The Abilene",
    description:
      "A 20ft one-bedroom home with the bed at one end, the bathroom at the other and a kitchenette with a breakfast bar in between. Two large side windows and a half-glass door keep the space bright, while R-13 insulation, a mini-split HVAC unit and a sealed steel shell keep it comfortable in West Texas heat. Standard 100-amp panel, PEX plumbing and vinyl plank floors are included.",
    price: 43116,
    category: "20ft-homes",
    featured: false,
    inStock: true,
    images: ["product-abilene-1.webp", "product-abilene-2.webp", "product-abilene-3.webp"],
    specs: { bedrooms: 1, bathrooms: 1, sqft: 160, containers: 1, units: 1, floors: 1, parking: 1 },
  },
  {
    name: "The Marfa",
    description:
      "A 40ft high-cube home with one generous bedroom, one bathroom and an open living and kitchen area that runs the length of the container. A covered front deck, clerestory windows and a pre-wired conduit run for future rooftop solar make it a favourite for desert and ranch sites. Steel frame, R-13 insulation, 100-amp panel, PEX plumbing, mini-split HVAC and vinyl plank flooring come standard.",
    price: 58643,
    category: "40ft-homes",
    featured: false,
    inStock: true,
    images: ["product-marfa-1.webp", "product-marfa-2.webp", "product-marfa-3.webp"],
    specs: { bedrooms: 1, bathrooms: 1, sqft: 320, containers: 1, units: 1, floors: 1, parking: 1 },
  },
  {
    name: "The Dallas",
    description:
      "A two-bedroom, one-bath 40ft home with bedrooms at each end for privacy and a central living room and kitchen with a full-size sink and space for a 24-inch range. Sliding glass doors open onto an optional deck. The welded steel frame is finished with R-13 insulation, a 100-amp panel, PEX plumbing, two-zone mini-split HVAC and vinyl plank flooring.",
    price: 86232,
    category: "40ft-homes",
    featured: true,
    inStock: true,
    images: ["product-dallas-1.webp", "product-dallas-2.webp", "product-dallas-3.webp"],
    specs: { bedrooms: 2, bathrooms: 1, sqft: 320, containers: 1, units: 1, floors: 1, parking: 2 },
  },
  {
    name: "The Austin",
    description:
      "Our most finished 40ft home: two bedrooms, each with its own bathroom, plus a kitchen with quartz-look counters and a stacked washer-dryer closet. A shaded pergola roof, larger window openings and upgraded trim set it apart, and it shares the same core as every model: steel frame, R-13 insulation, 100-amp panel, PEX plumbing, mini-split HVAC and vinyl plank flooring.",
    price: 129348,
    category: "40ft-homes",
    featured: true,
    inStock: true,
    images: ["product-austin-1.webp", "product-austin-2.webp", "product-austin-3.webp"],
    specs: { bedrooms: 2, bathrooms: 2, sqft: 320, containers: 1, units: 1, floors: 1, parking: 2 },
  },
  {
    name: "The Big Bend",
    description:
      "A 53ft home that uses the extra length for a real dining area between the living room and a two-bedroom wing. The long side wall carries three window openings and a sliding glass door, and the roof is framed for a shed-style overhang that shades the glass in summer. Built with the standard steel frame, R-13 insulation, 100-amp panel, PEX plumbing, mini-split HVAC and vinyl plank flooring.",
    price: 112480,
    category: "53ft-homes",
    featured: false,
    inStock: false,
    images: ["product-big-bend-1.webp", "product-big-bend-2.webp", "product-big-bend-3.webp"],
    specs: { bedrooms: 2, bathrooms: 1, sqft: 424, containers: 1, units: 1, floors: 1, parking: 2 },
  },
  {
    name: "The Guadalupe",
    description:
      "Our 53ft two-bed, two-bath plan with a primary suite at one end, a guest room and second bath at the other, and an open kitchen and living space in the middle. A 10ft wraparound deck and a wide glass door make it well suited to river and lake lots. Steel frame, R-13 insulation, 100-amp panel, PEX plumbing, mini-split HVAC and vinyl plank flooring are standard.",
    price: 146900,
    category: "53ft-homes",
    featured: false,
    inStock: true,
    images: ["product-guadalupe-1.webp", "product-guadalupe-2.webp", "product-guadalupe-3.webp"],
    specs: { bedrooms: 2, bathrooms: 2, sqft: 424, containers: 1, units: 1, floors: 1, parking: 2 },
  },
  {
    name: "The Houston Duplex",
    description:
      "Two 40ft one-bedroom units set side by side with a shared breezeway and separate entrances, designed for owners who want to live in one unit and rent the other or run both as rentals. Each unit has its own 100-amp panel, water heater and mini-split so utilities can be metered separately. Built on steel frames with R-13 insulation, PEX plumbing and vinyl plank flooring.",
    price: 214750,
    category: "multi-unit",
    featured: false,
    inStock: true,
    images: ["product-houston-duplex-1.webp", "product-houston-duplex-2.webp", "product-houston-duplex-3.webp"],
    specs: { bedrooms: 2, bathrooms: 2, sqft: 640, containers: 2, units: 2, floors: 1, parking: 2 },
  },
  {
    name: "The Alamo Fourplex",
    description:
      "Four 40ft one-bedroom apartments stacked two over two, with a steel exterior stair and a shared upper walkway. Every unit has its own entrance, kitchen, bathroom, 100-amp panel and mini-split HVAC, with R-13 insulation, PEX plumbing and vinyl plank flooring throughout. A compact footprint with four parking spaces suits infill lots where local zoning allows multi-family use.",
    price: 289999,
    category: "multi-unit",
    featured: true,
    inStock: true,
    images: ["product-alamo-fourplex-1.webp", "product-alamo-fourplex-2.webp", "product-alamo-fourplex-3.webp"],
    specs: { bedrooms: 4, bathrooms: 4, sqft: 1280, containers: 4, units: 4, floors: 2, parking: 4 },
  },
  {
    name: "The Foreman Site Office",
    description:
      "A 20ft portable office for job sites and yards, with a desk wall, plan table, lockable steel door and security bars on the windows. It comes wired with a 100-amp panel, LED lighting and data conduit, and a mini-split keeps the crew cool through a Texas summer. Includes a half-bath with PEX plumbing and slip-resistant vinyl plank flooring.",
    price: 38950,
    category: "container-offices",
    featured: false,
    inStock: true,
    images: ["product-foreman-office-1.webp", "product-foreman-office-2.webp", "product-foreman-office-3.webp"],
    specs: { bedrooms: 0, bathrooms: 1, sqft: 160, containers: 1, units: 1, floors: 1, parking: 2 },
  },
  {
    name: "The Executive Office",
    description:
      "A 40ft office with a private room, an open area for three to four desks and a restroom, finished to the same standard as our homes. Full-height glass at the entrance, R-13 insulation, a 100-amp panel, mini-split HVAC and vinyl plank flooring make it a comfortable permanent workplace or sales office. It can be placed on piers or a slab and moved later if the business relocates.",
    price: 67500,
    category: "container-offices",
    featured: false,
    inStock: true,
    images: ["product-executive-office-1.webp", "product-executive-office-2.webp", "product-executive-office-3.webp"],
    specs: { bedrooms: 0, bathrooms: 1, sqft: 320, containers: 1, units: 1, floors: 1, parking: 4 },
  },
  {
    name: "The Pop-Up Cafe",
    description:
      "A 40ft food-service container with a hinged serving window and awning, a stainless prep counter, hand sink and three-compartment sink plumbed in PEX, and a separate staff restroom. It ships with a 100-amp panel sized for commercial appliances, mini-split cooling and an insulated steel shell. Final health-department approval depends on your equipment and local rules, so we review the layout with you before production.",
    price: 78900,
    category: "commercial-industrial",
    featured: false,
    inStock: true,
    images: ["product-pop-up-cafe-1.webp", "product-pop-up-cafe-2.webp", "product-pop-up-cafe-3.webp"],
    specs: { bedrooms: 0, bathrooms: 1, sqft: 320, containers: 1, units: 1, floors: 1, parking: 6 },
  },
  {
    name: "The Workshop",
    description:
      "A 40ft insulated workshop with a roll-up door at one end, a personnel door on the side and a full-length workbench wall. The R-13 insulation, 100-amp panel with 240-volt outlets and a mini-split make it suitable for fabrication, equipment storage or a climate-controlled parts room. Includes a small restroom with PEX plumbing and sealed, heavy-duty vinyl plank flooring.",
    price: 54800,
    category: "commercial-industrial",
    featured: false,
    inStock: false,
    images: ["product-workshop-1.webp", "product-workshop-2.webp", "product-workshop-3.webp"],
    specs: { bedrooms: 0, bathrooms: 1, sqft: 320, containers: 1, units: 1, floors: 1, parking: 2 },
  },
];
