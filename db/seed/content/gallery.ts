import type { SeedGalleryItem } from "./types";

// Project gallery. The home page shows the first six, so the head of the list
// mixes exterior, interior and commercial work.
export const seedGallery: SeedGalleryItem[] = [
  { title: "Hill Country Retreat, Wimberley", category: "exterior", image: "gallery-hill-country-retreat.webp" },
  { title: "Open-Plan Living Room, Boerne", category: "interior", image: "gallery-open-plan-living-boerne.webp" },
  { title: "Food Truck Park Cafe, San Antonio", category: "commercial", image: "gallery-food-park-cafe.webp" },
  { title: "Stacked Duplex, Houston Heights", category: "exterior", image: "gallery-stacked-duplex-houston.webp" },
  { title: "Galley Kitchen with Breakfast Bar", category: "interior", image: "gallery-galley-kitchen.webp" },
  { title: "Job-Site Office, New Braunfels", category: "commercial", image: "gallery-job-site-office.webp" },
  { title: "Desert Studio at Dusk, Marfa", category: "exterior", image: "gallery-desert-studio-marfa.webp" },
  { title: "Lakeside Cabin with Deck, Canyon Lake", category: "exterior", image: "gallery-lakeside-cabin.webp" },
  { title: "Ranch Guest House, Fredericksburg", category: "exterior", image: "gallery-ranch-guest-house.webp" },
  { title: "Coastal Getaway on Piers, Port Aransas", category: "exterior", image: "gallery-coastal-getaway.webp" },
  { title: "Primary Bedroom with Clerestory Window", category: "interior", image: "gallery-primary-bedroom.webp" },
  { title: "Home Office Nook, Austin", category: "interior", image: "gallery-home-office-nook.webp" },
  { title: "Walk-In Shower Bathroom", category: "interior", image: "gallery-walk-in-shower.webp" },
  { title: "Fabrication Workshop, Seguin", category: "commercial", image: "gallery-fabrication-workshop.webp" },
  { title: "Two-Story Sales Office, Round Rock", category: "commercial", image: "gallery-sales-office.webp" },
];
