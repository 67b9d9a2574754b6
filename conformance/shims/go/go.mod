module u8tgo

go 1.19
